import type { Database } from "../db/client.server.ts";
import { eq } from "drizzle-orm";
import { orders, type OrderStatus } from "../db/schema.ts";
import { parseTrackingNumber } from "../orders/lifecycle.server.ts";
import { changeOrderStatus, type StatusChange } from "../orders/operator.server.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";

export const staleOrderMessage = "Заказ уже изменён, обновите страницу";

/**
 * A status change from the back office: the operator's own changeOrderStatus (the same rules
 * as `npm run orders`), inside a transaction that also writes the audit row, so the change and
 * its record stand or fall together (changeOrderStatus's own transaction becomes a savepoint).
 */
export async function changeOrderStatusAsStaff(
  db: Database,
  actor: StaffActor,
  number: string,
  to: OrderStatus,
  options: { trackingNumber?: string; reason?: string; version?: number; onlyFrom?: OrderStatus } = {},
): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    // A page made from an older version of the order (another member of staff, a payment or the
    // payment deadline changed it since) is refused rather than acted on blindly.
    if (options.version !== undefined) {
      const [current] = await tx.select({ version: orders.version }).from(orders).where(eq(orders.number, number.trim())).for("update");
      if (current && current.version !== options.version) return { ok: false, reason: staleOrderMessage };
    }
    const change = await changeOrderStatus(tx, number, to, { ...options, actor: "operator" });
    if (!change.ok) return change;
    await writeAudit(tx, actor, {
      action: "order.status",
      entity: `order:${change.number}`,
      before: { status: change.from },
      after: {
        status: change.to,
        ...(options.trackingNumber ? { trackingNumber: parseTrackingNumber(options.trackingNumber) } : {}),
        ...(to === "cancelled" && options.reason?.trim() ? { reason: options.reason.trim() } : {}),
        ...(change.restocked.length > 0 ? { restocked: change.restocked } : {}),
      },
    });
    return change;
  });
}
