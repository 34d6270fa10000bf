import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { orders } from "../db/schema.ts";
import { changeOrderStatus } from "../orders/operator.server.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import type { OrderStatusFromOneC } from "./commerceml.server.ts";
import { readExchangeSettings } from "./settings.server.ts";
import { statusFromOneC } from "./status-table.ts";

/**
 * Statuses from 1C (type=sale&mode=file, decision 048): each order of orders.xml moved to the
 * status 1C names (the owner's table of 1C's names, then the shop's labels) through the back office's own rules (orders/operator.server.ts), the buyer told
 * as the back office would, the step audited in the exchange's name. A transition those rules
 * refuse is reported, never forced; a status the shop does not know is reported too.
 */

export type StatusesApplied = { updated: number; unchanged: number; refused: number; notes: string[] };

export async function applyStatusesFromOneC(db: Database, actor: StaffActor, documents: OrderStatusFromOneC[]): Promise<StatusesApplied> {
  const result: StatusesApplied = { updated: 0, unchanged: 0, refused: 0, notes: [] };
  const { statusRows } = await readExchangeSettings(db);
  for (const document of documents) {
    const [order] = await db
      .select({ number: orders.number, status: orders.status })
      .from(orders)
      .where(eq(orders.number, document.number || "-"))
      .limit(1);
    const named = document.number || document.id || "без номера";
    if (!order) {
      result.refused++;
      result.notes.push(`Заказ №${named} не найден на сайте`);
      continue;
    }
    if (!document.statusName && !document.statusId && !document.cancelled) {
      result.unchanged++;
      continue;
    }
    const to = statusFromOneC(document, statusRows);
    if (!to) {
      result.refused++;
      const named = document.statusName || document.statusId;
      result.notes.push(
        `Заказ №${order.number}: статус «${named.slice(0, 60)}» из 1С не соответствует ни одному статусу сайта (добавьте его в таблицу статусов на странице «Обмен с 1С»)`,
      );
      continue;
    }
    if (to === order.status) {
      result.unchanged++;
      continue;
    }
    const change = await db.transaction(async (tx) => {
      // No reason of 1C's: the buyer reads the shop's usual words for a cancellation by the shop.
      const moved = await changeOrderStatus(tx, order.number, to, { actor: "operator" });
      if (moved.ok) {
        await writeAudit(tx, actor, {
          action: "order.status",
          entity: `order:${moved.number}`,
          before: { status: moved.from },
          after: { status: moved.to, source: "1С" },
        });
      }
      return moved;
    });
    if (change.ok) {
      result.updated++;
      if (change.refundNeeded)
        result.notes.push(`Заказ №${change.number} отменён из 1С, но был оплачен онлайн: верните деньги в карточке заказа («Возврат денег»)`);
    } else {
      result.refused++;
      result.notes.push(`Статус из 1С не применён: ${change.reason}`);
    }
  }
  return result;
}
