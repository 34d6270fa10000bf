import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.server.ts";
import { orderNotes, orders, payments, refunds } from "../db/schema.ts";
import { getPaymentProvider, refundPayment, reserveRefund } from "../payments/payments.server.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { formatMoney } from "../shared/format.ts";
import { type StaffActor, writeAudit } from "./audit.server.ts";

/**
 * What staff add to an order besides its status (issue 16 item 3): notes seen only in the back
 * office, and the refund of a cancelled order's payment through the payment service (decision
 * 008: it was 'by hand' until the back office). Each writes its audit row in the change's
 * transaction.
 */

export const orderExtrasMessages = {
  notFound: (number: string) => `Заказ №${number} не найден.`,
  stale: "Заказ уже изменён, обновите страницу",
  noteSaved: "Заметка сохранена",
  refundOnlyCancelled: "Вернуть деньги можно только по отменённому заказу: сначала отмените его.",
  nothingToRefund: "По заказу нет оплаты, которую можно вернуть.",
  alreadyRefunded: "Деньги по этому заказу уже возвращаются или возвращены.",
  amountMoved: "Сумма оплаты не совпадает со страницей: обновите страницу.",
  refunded: (amount: number) => `Возврат ${formatMoney(amount)} отправлен в платёжный сервис; покупателю придут SMS и письмо.`,
  refundFailed: (reason: string) => `Платёжный сервис не принял возврат: ${reason}. Попробуем снова в течение часа, или верните деньги вручную.`,
} as const;

export const noteFormSchema = z.object({
  intent: z.literal("note"),
  text: z.string({ error: "Напишите заметку" }).trim().min(1, "Напишите заметку").max(2000, "Заметка: не больше 2000 символов"),
});

export const refundFormSchema = z.object({
  intent: z.literal("refund"),
  amount: z.coerce.number({ error: "Сумма возврата — число" }).int().min(1),
  version: z.coerce.number({ error: "Обновите страницу" }).int(),
});

export type OrderNoteRow = typeof orderNotes.$inferSelect;

export async function listOrderNotes(db: Database, orderId: number): Promise<OrderNoteRow[]> {
  return db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
}

/** Adds a staff note to the order, audited with it. */
export async function addOrderNote(db: Database, actor: StaffActor, number: string, text: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.number, number)).for("update");
    if (!order) return { ok: false, reason: orderExtrasMessages.notFound(number) };
    await tx.insert(orderNotes).values({ orderId: order.id, staffId: actor.staffId, phone: actor.phone, role: actor.role, text });
    await writeAudit(tx as unknown as Database, actor, { action: "order.note", entity: `order:${order.number}`, before: null, after: { note: text } });
    return { ok: true };
  });
}

/** What the refund form offers: the cancelled order's succeeded payment not refunded yet, if any. */
export async function refundableOf(db: Database, order: { id: number; status: string }) {
  if (order.status !== "cancelled") return null;
  const [row] = await db
    .select({ id: payments.id, amount: payments.amount, refundId: refunds.id })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(and(eq(payments.orderId, order.id), eq(payments.status, "succeeded")))
    .orderBy(asc(payments.id))
    .limit(1);
  return row && row.refundId === null ? { paymentId: row.id, amount: row.amount } : null;
}

/**
 * The whole payment of a cancelled order back to the buyer: the refund's row and the audit row in
 * one transaction (refused when the page was of an older version of the order or showed another
 * sum), then the payment service is asked outside it (no lock held across the network); its
 * answer and the buyer's messages are written by refundPayment.
 */
export async function refundOrderAsStaff(
  db: Database,
  actor: StaffActor,
  number: string,
  seen: { amount: number; version: number },
  provider: PaymentProvider = getPaymentProvider(db),
): Promise<{ ok: true; message: string } | { ok: false; reason: string }> {
  const reserved = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for("update");
    if (!order) return { ok: false as const, reason: orderExtrasMessages.notFound(number) };
    if (order.version !== seen.version) return { ok: false as const, reason: orderExtrasMessages.stale };
    if (order.status !== "cancelled") return { ok: false as const, reason: orderExtrasMessages.refundOnlyCancelled };
    const [paid] = await tx.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, "succeeded"))).orderBy(asc(payments.id)).limit(1);
    if (!paid) return { ok: false as const, reason: orderExtrasMessages.nothingToRefund };
    const [existing] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.paymentId, paid.id));
    if (existing) return { ok: false as const, reason: orderExtrasMessages.alreadyRefunded };
    if (paid.amount !== seen.amount) return { ok: false as const, reason: orderExtrasMessages.amountMoved };
    const reason = `Возврат по отменённому заказу (${actor.phone})`;
    await reserveRefund(txDb, paid, reason);
    await writeAudit(txDb, actor, { action: "order.refund", entity: `order:${order.number}`, before: { refunded: 0 }, after: { refunded: paid.amount, paymentId: paid.providerPaymentId } });
    return { ok: true as const, paymentId: paid.id };
  });
  if (!reserved.ok) return reserved;
  const refund = await refundPayment(db, provider, { id: reserved.paymentId });
  return refund.lastError ? { ok: false, reason: orderExtrasMessages.refundFailed(refund.lastError) } : { ok: true, message: orderExtrasMessages.refunded(refund.amount) };
}
