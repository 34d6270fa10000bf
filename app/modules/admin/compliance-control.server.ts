import { and, desc, eq, isNotNull, lte, ne, sql } from "drizzle-orm";
import { getConfig } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import { orderEvents, orders } from "../db/schema.ts";
import { isPrepaid, PAYMENT_IDS } from "../payments/methods.ts";
import { paymentDeadline, recordOrderStep } from "../orders/lifecycle.server.ts";
import { orderStatusLabels } from "../orders/statuses.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import { changeOrderStatusAsStaff, staleOrderMessage } from "./order-actions.server.ts";
import { LINKED_DAYS, toCsv } from "../compliance/control-csv.ts";
import type { Outcome } from "../shared/failure.ts";

/**
 * The compliance officer's view of orders (115-FZ): orders under mandatory control (1,000,000 ₽
 * or more at once, or by one buyer within 30 days), orders held because the buyer matched the
 * list, and orders placed with an identification.
 */

export { LINKED_DAYS };
/** The most rows one page or export shows (a bound on what one request reads). */
export const CONTROL_LIMIT = 500;

export type ControlRow = {
  id: number;
  number: string;
  createdAt: Date;
  status: (typeof orders.$inferSelect)["status"];
  total: number;
  paymentId: number;
  buyer: string;
  userId: number;
  identified: boolean;
  /** The buyer's orders (not cancelled) within 30 days up to this one, this one included. */
  linkedTotal: number;
  /** Why it is under control: a single operation or linked ones. */
  reason: "single" | "linked";
};

const buyerName = (contact: (typeof orders.$inferSelect)["contact"]) => [contact.lastName, contact.name, contact.secondName].filter(Boolean).join(" ");

/** Orders under mandatory control, newest first. */
export async function ordersUnderControl(db: Database, options: { threshold?: number; limit?: number } = {}): Promise<ControlRow[]> {
  const threshold = options.threshold ?? getConfig().compliance.mandatoryControlRub;
  const linked = sql<number>`(
    select coalesce(sum(p.total), 0)::bigint from ${orders} p
    where p.user_id = ${orders.userId} and p.status <> 'cancelled'
      and p.created_at > ${orders.createdAt} - make_interval(days => ${LINKED_DAYS}) and p.created_at <= ${orders.createdAt}
  )`;
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      total: orders.total,
      paymentId: orders.paymentId,
      contact: orders.contact,
      userId: orders.userId,
      identificationId: orders.identificationId,
      linkedTotal: linked,
    })
    .from(orders)
    .where(and(ne(orders.status, "cancelled"), sql`(${orders.total} >= ${threshold} or ${linked} >= ${threshold})`))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(Math.min(options.limit ?? CONTROL_LIMIT, CONTROL_LIMIT));
  return rows.map(({ contact, identificationId, linkedTotal, ...row }) => ({
    ...row,
    buyer: buyerName(contact),
    identified: identificationId !== null,
    linkedTotal: Number(linkedTotal),
    reason: row.total >= threshold ? "single" : "linked",
  }));
}

/** Orders waiting for the compliance officer: the buyer matched the list. */
export async function heldOrders(db: Database) {
  return db
    .select({ id: orders.id, number: orders.number, createdAt: orders.createdAt, total: orders.total, contact: orders.contact })
    .from(orders)
    .where(eq(orders.status, "on_review"))
    .orderBy(desc(orders.createdAt))
    .limit(CONTROL_LIMIT);
}

/** The latest orders placed with an identification. */
export async function identifiedOrders(db: Database, limit = 100) {
  return db
    .select({ id: orders.id, number: orders.number, createdAt: orders.createdAt, total: orders.total, status: orders.status, contact: orders.contact })
    .from(orders)
    .where(isNotNull(orders.identificationId))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/**
 * One order for the compliance page, only when it is compliance's to see: held for review now or
 * before, placed with an identification, or under mandatory control (what /admin/compliance
 * lists). Any other order, however its number is guessed, is not found.
 */
export async function complianceOrder(db: Database, number: string) {
  const [order] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  if (!order) return undefined;
  if (order.identificationId !== null) return order;
  const [held] = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, "on_review")))
    .limit(1);
  if (held) return order;
  const threshold = getConfig().compliance.mandatoryControlRub;
  if (order.status === "cancelled") return undefined;
  if (order.total >= threshold) return order;
  const [linked] = await db
    .select({ total: sql<number>`coalesce(sum(${orders.total}), 0)::bigint` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, order.userId),
        ne(orders.status, "cancelled"),
        sql`${orders.createdAt} > ${order.createdAt}::timestamptz - make_interval(days => ${LINKED_DAYS})`,
        lte(orders.createdAt, order.createdAt),
      ),
    );
  return Number(linked?.total ?? 0) >= threshold ? order : undefined;
}

const reasonLabels = { single: "разовая операция", linked: `связанные операции за ${LINKED_DAYS} дней` } as const;

/** The export of orders under mandatory control, for Excel. */
export function controlCsv(rows: readonly ControlRow[]): string {
  return toCsv(
    ["Номер заказа", "Дата (UTC)", "Статус", "Сумма, ₽", "Сумма покупателя за 30 дней, ₽", "Основание", "Покупатель", "Оплата", "Идентификация"],
    rows.map((row) => [
      row.number,
      row.createdAt.toISOString().replace("T", " ").slice(0, 19),
      orderStatusLabels[row.status],
      row.total,
      row.linkedTotal,
      reasonLabels[row.reason],
      row.buyer,
      row.paymentId === PAYMENT_IDS.onReceipt ? "при получении" : row.paymentId === PAYMENT_IDS.invoice ? "по счёту" : "онлайн",
      row.identified ? "есть" : "нет",
    ]),
  );
}

type HeldDecision = Outcome<{ message: string }>;

export const releaseMessages = {
  notHeld: (number: string) => `Заказ №${number} не на проверке.`,
  released: (number: string) => `Заказ №${number} снят с проверки: покупатель может его оплатить.`,
  cancelled: (number: string) => `Заказ №${number} отменён.`,
} as const;

/**
 * The compliance officer lets a held order go on (the match was a namesake): it becomes an
 * order to pay (a fresh payment window) or a new order paid on receipt; the buyer gets the usual
 * 'order placed' message; the decision is audited, all in one transaction.
 */
export async function releaseHeldOrder(db: Database, actor: StaffActor, number: string, version: number, now = new Date()): Promise<HeldDecision> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for("update");
    if (!order || order.status !== "on_review") return { ok: false as const, reason: releaseMessages.notHeld(number) };
    if (order.version !== version) return { ok: false as const, reason: staleOrderMessage };
    const status = isPrepaid(order.paymentId) ? "awaiting_payment" : "new";
    const paymentDueAt = paymentDeadline(order.paymentId, now, getConfig().orders.paymentTimeoutMinutes, getConfig().orders.hold.confirmTimeoutMinutes);
    const [changed] = await tx.update(orders).set({ status, paymentDueAt, updatedAt: now }).where(eq(orders.id, order.id)).returning();
    await recordOrderStep(tx, changed!, { status, actor: "operator", note: "Проверка завершена", now });
    await writeAudit(tx, actor, { action: "compliance.release", entity: `order:${order.number}`, before: { status: order.status }, after: { status } }, now);
    return { ok: true as const, message: releaseMessages.released(order.number) };
  });
}

/**
 * The compliance officer cancels a held order (a true match): only an order still on review, only
 * from a page of its current version, through the staff's status change (audited, stock back,
 * the buyer told), so this page can cancel nothing else.
 */
export async function cancelHeldOrder(db: Database, actor: StaffActor, number: string, version: number): Promise<HeldDecision> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.number, number)).for("update");
    if (!order || order.status !== "on_review") return { ok: false as const, reason: releaseMessages.notHeld(number) };
    const change = await changeOrderStatusAsStaff(tx, actor, number, "cancelled", { version, onlyFrom: "on_review" });
    return change.ok ? { ok: true as const, message: releaseMessages.cancelled(number) } : { ok: false as const, reason: change.reason };
  });
}
