import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { gatherLineQuantities, type LineQuantities } from "../forms/line-quantities.ts";
import type { Database } from "../db/client.server.ts";
import { type ManualRefund, orderLines, orderNotes, orders, payments, type RefundLine, refunds } from "../db/schema.ts";
import { recordNotifications } from "../notifications/outbox.server.ts";
import { orderFacts } from "../orders/lifecycle.server.ts";
import { manualRefundText } from "../orders/manual-refund.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { sendRefund } from "../orders/payments.server.ts";
import { getPaymentProvider } from "../payments/configured-provider.server.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { formatMoney } from "../shared/format.ts";
import { invalidateReads } from "../shared/read-cache.ts";
import { putBackOnSale } from "../orders/restock.server.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import type { Outcome } from "../shared/failure.ts";

/**
 * What staff add to an order besides its status: notes seen only in the back
 * office, and refunds through the payment service, all or by lines (decisions 008 and 024).
 * Each writes its audit row in the change's transaction.
 */

export const orderExtrasMessages = {
  notFound: (number: string) => `Заказ №${number} не найден.`,
  stale: "Заказ уже изменён, обновите страницу",
  noteSaved: "Заметка сохранена",
  refundNotNow: "Вернуть деньги можно по отменённому или выполненному заказу: до передачи покупателю отмените заказ.",
  nothingToRefund: "По заказу нет оплаты, которую можно вернуть.",
  alreadyRefunded: "Деньги по этому заказу уже возвращаются или возвращены.",
  nothingChosen: "Выберите монеты и количество для возврата.",
  unknownLine: "В заказе нет такой строки: обновите страницу.",
  tooMany: (name: string, left: number) => `«${name}»: вернуть можно не больше ${left} шт.`,
  deliveryRefunded: "Доставка уже возвращена.",
  overPaid: (amount: number, left: number) => `Возврат ${formatMoney(amount)} больше, чем осталось от оплаты: ${formatMoney(left)}.`,
  refunded: (amount: number) => `Возврат ${formatMoney(amount)} отправлен в платёжный сервис; покупателю придут SMS и письмо.`,
  paidOnline: "Заказ оплачен онлайн: деньги возвращаются через платёжный сервис.",
  refundedByHand: (amount: number) => `Возврат ${formatMoney(amount)} записан; покупателю придут сообщения.`,
  refundFailed: (reason: string) => `Платёжный сервис не принял возврат: ${reason}. Попробуем снова в течение часа, или верните деньги вручную.`,
} as const;

export const noteFormSchema = z.object({
  intent: z.literal("note"),
  text: z.string({ error: "Напишите заметку" }).trim().min(1, "Напишите заметку").max(2000, "Заметка: не больше 2000 символов"),
});

export type RefundForm = { intent: "refund"; version: number; all?: "1"; delivery?: "1"; restock?: "1"; quantities: LineQuantities };

/** The refund form, its per-line quantities gathered from their `qty-<id>` fields (a field left empty names no line). */
export const refundFormSchema = z
  .looseObject({
    intent: z.literal("refund"),
    version: z.coerce.number({ error: "Обновите страницу" }).int(),
    all: z.literal("1").optional(),
    delivery: z.literal("1").optional(),
    restock: z.literal("1").optional(),
  })
  .transform(({ intent, version, all, delivery, restock, ...fields }, ctx): RefundForm => {
    const quantities = gatherLineQuantities(fields, ctx, "quantities");
    return quantities === z.NEVER ? z.NEVER : { intent, version, all, delivery, restock, quantities };
  });

export type OrderNoteRow = typeof orderNotes.$inferSelect;

export async function listOrderNotes(db: Database, orderId: number): Promise<OrderNoteRow[]> {
  return db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
}

/** Adds a staff note to the order, audited with it. */
export async function addOrderNote(db: Database, actor: StaffActor, number: string, text: string): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.number, number)).for("update");
    if (!order) return { ok: false, reason: orderExtrasMessages.notFound(number) };
    await tx.insert(orderNotes).values({ orderId: order.id, staffId: actor.staffId, phone: actor.phone, role: actor.role, text });
    await writeAudit(tx, actor, { action: "order.note", entity: `order:${order.number}`, before: null, after: { note: text } });
    return { ok: true };
  });
}

/** Order statuses in which staff may give money back (decision 024). */
export const REFUNDABLE_STATUSES = ["cancelled", "completed"] as const;

/** Orders whose money the buyer paid outside the payment service: on receipt and by invoice (decision 061). */
const PAID_BY_HAND: readonly number[] = [PAYMENT_IDS.onReceipt, PAYMENT_IDS.invoice];

type OrderRow = typeof orders.$inferSelect;

/**
 * What is left to give back of an order: each line's pieces not refunded yet, the delivery if not
 * refunded, and the roubles paid not refunded. Paid online: the succeeded payment, and its refunds.
 * Paid on receipt or by invoice (decision 061): the order's total once it is completed (the buyer
 * paid it by then), and every refund of the order; `paid` is null, the money goes back by hand.
 * Null when the order is not in a refundable status or nothing was paid.
 */
async function refundState(db: Database, order: Pick<OrderRow, "id" | "status" | "deliveryTotal" | "total" | "paymentId">) {
  if (!(REFUNDABLE_STATUSES as readonly string[]).includes(order.status)) return null;
  const [paid] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, "succeeded")))
    .orderBy(asc(payments.id))
    .limit(1);
  const byHand = !paid && PAID_BY_HAND.includes(order.paymentId) && order.status === "completed";
  if (!paid && !byHand) return null;
  const given = await db
    .select()
    .from(refunds)
    .where(paid ? eq(refunds.paymentId, paid.id) : eq(refunds.orderId, order.id));
  // A refund the service refused outright gives nothing back; a pending one will (it is retried).
  const counted = given.filter((refund) => refund.status !== "canceled");
  const refundedTotal = counted.reduce((sum, refund) => sum + refund.amount, 0);
  const whole = counted.some((refund) => refund.lines === null);
  const taken = new Map<number | null, number>();
  for (const refund of counted) for (const line of refund.lines ?? []) taken.set(line.orderLineId, (taken.get(line.orderLineId) ?? 0) + line.quantity);
  const lines = (await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id))).map((line) => ({
    id: line.id,
    sku: line.sku,
    name: line.name,
    price: line.price,
    quantity: line.quantity,
    left: whole ? 0 : Math.max(0, line.quantity - (taken.get(line.id) ?? 0)),
  }));
  const deliveryLeft = !whole && order.deliveryTotal > 0 && !taken.has(null);
  const paidAmount = paid ? paid.amount : order.total;
  return {
    paid: paid ?? null,
    paidAmount,
    refundedTotal,
    left: Math.max(0, paidAmount - refundedTotal),
    lines,
    delivery: { price: order.deliveryTotal, left: deliveryLeft },
    /** A completed order's coins went to the buyer: whether they came back is staff's to say. */
    canRestock: order.status === "completed",
  };
}

/** What the order page's refund form (through the payment service) offers, or null when there is nothing to give back. */
export async function refundableOf(db: Database, order: Pick<OrderRow, "id" | "status" | "deliveryTotal" | "total" | "paymentId">) {
  const state = await refundState(db, order);
  if (!state?.paid || state.left === 0 || (!state.delivery.left && state.lines.every((line) => line.left === 0))) return null;
  const { paid: _paid, ...shown } = state;
  return shown;
}

export type Refundable = NonNullable<Awaited<ReturnType<typeof refundableOf>>>;

/**
 * What a refund made for something else (a buyer's return, decision 057) does in the refund's own
 * transaction: `check` may refuse it before anything is written, `record` notes the refund's row,
 * and `reason` is the refund's words for the operator.
 */
export type RefundAlongside = {
  check: (tx: Database) => Promise<string | null>;
  record: (tx: Database, refundId: number) => Promise<void>;
  reason: string;
};

type RefundRequest = Pick<RefundForm, "version" | "all" | "delivery" | "restock" | "quantities">;

/**
 * The refund's row, checked and written in one transaction with the order's row locked: the amount
 * is the order's own prices times the pieces chosen, never more than was paid minus what went back
 * already; the coins put back on sale (a completed order's, when staff say they came back; a
 * cancelled order's were put back by the cancellation), the audit row and the order's new version
 * (so the same page pressed again is refused). `manual` null: a refund through the payment service
 * (pending until it answers); otherwise money staff gave back by hand, done when written, and the
 * buyer's message written with it.
 */
async function writeRefund(db: Database, actor: StaffActor, number: string, form: RefundRequest, manual: ManualRefund | null, alongside?: RefundAlongside) {
  return db.transaction(async (tx) => {
    const refuse = (reason: string) => ({ ok: false as const, reason });
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for("update");
    if (!order) return refuse(orderExtrasMessages.notFound(number));
    if (order.version !== form.version) return refuse(orderExtrasMessages.stale);
    const refusal = alongside ? await alongside.check(tx) : null;
    if (refusal) return refuse(refusal);
    if (!(REFUNDABLE_STATUSES as readonly string[]).includes(order.status)) return refuse(orderExtrasMessages.refundNotNow);
    const state = await refundState(tx, order);
    if (!state || (!manual && !state.paid)) return refuse(orderExtrasMessages.nothingToRefund);
    if (manual && state.paid) return refuse(orderExtrasMessages.paidOnline);
    const chosen: Array<{ line: (typeof state.lines)[number]; quantity: number }> = [];
    let delivery = false;
    if (form.all) {
      for (const line of state.lines) if (line.left > 0) chosen.push({ line, quantity: line.left });
      delivery = state.delivery.left;
    } else {
      for (const { lineId, quantity } of form.quantities) {
        const line = state.lines.find((candidate) => candidate.id === lineId);
        if (!line) return refuse(orderExtrasMessages.unknownLine);
        if (quantity > line.left) return refuse(orderExtrasMessages.tooMany(line.name, line.left));
        if (quantity > 0) chosen.push({ line, quantity });
      }
      if (form.delivery && !state.delivery.left) return refuse(orderExtrasMessages.deliveryRefunded);
      delivery = form.delivery === "1";
    }
    if (chosen.length === 0 && !delivery) return refuse(form.all ? orderExtrasMessages.alreadyRefunded : orderExtrasMessages.nothingChosen);
    const restock = state.canRestock && form.restock === "1";
    const lines: RefundLine[] = chosen.map(({ line, quantity }) => ({
      orderLineId: line.id,
      name: line.name,
      quantity,
      priceRub: line.price,
      restocked: restock,
    }));
    if (delivery) lines.push({ orderLineId: null, name: "Доставка", quantity: 1, priceRub: state.delivery.price, restocked: false });
    const amount = lines.reduce((sum, line) => sum + line.priceRub * line.quantity, 0);
    if (amount > state.left) return refuse(orderExtrasMessages.overPaid(amount, state.left));
    if (restock)
      await putBackOnSale(
        tx,
        order.id,
        chosen.map(({ line, quantity }) => ({ orderLineId: line.id, quantity })),
      );
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId: state.paid?.id ?? null,
        orderId: order.id,
        provider: state.paid?.provider ?? "manual",
        // Money given back by hand has gone when staff record it: nothing to send or retry.
        status: manual ? "succeeded" : "pending",
        manual,
        idempotenceKey: randomUUID(),
        amount,
        lines,
        reason:
          alongside?.reason ??
          (order.status === "cancelled" ? `Возврат по отменённому заказу (${actor.phone})` : `Возврат по выполненному заказу (${actor.phone})`),
      })
      .returning({ id: refunds.id });
    await alongside?.record(tx, refund!.id);
    // Any update raises the order's version: the page the refund was pressed on is now out of date.
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id));
    await writeAudit(tx, actor, {
      action: "order.refund",
      entity: `order:${order.number}`,
      before: { refundedTotal: state.refundedTotal },
      after: {
        refunded: amount,
        refundedTotal: state.refundedTotal + amount,
        lines: lines.map(({ name, quantity, priceRub, restocked }) => ({ name, quantity, priceRub, restocked })),
        ...(manual ? { manual } : { paymentId: state.paid!.providerPaymentId }),
      },
    });
    if (manual)
      await recordNotifications(tx, {
        kind: "refund_made",
        order: await orderFacts(tx, order),
        amount,
        refundId: refund!.id,
        manner: manualRefundText(manual),
      });
    return { ok: true as const, refundId: refund!.id, restocked: restock, amount };
  });
}

/**
 * Money back to the buyer through the payment service, all that is left or by lines (decision 024).
 * The refund's row is written first (writeRefund); the payment service is asked after it (no lock
 * held across the network), and its answer and the buyer's messages are written by sendRefund.
 */
export async function refundOrderAsStaff(
  db: Database,
  actor: StaffActor,
  number: string,
  form: RefundRequest,
  provider: PaymentProvider = getPaymentProvider(db),
  alongside?: RefundAlongside,
): Promise<Outcome<{ message: string }>> {
  const reserved = await writeRefund(db, actor, number, form, null, alongside);
  if (!reserved.ok) return reserved;
  if (reserved.restocked) invalidateReads("stock");
  const refund = await sendRefund(db, provider, reserved.refundId);
  return refund.lastError
    ? { ok: false, reason: orderExtrasMessages.refundFailed(refund.lastError) }
    : { ok: true, message: orderExtrasMessages.refunded(refund.amount) };
}

/**
 * Money staff gave back by hand for an order paid on receipt or by invoice (decision 061): in cash
 * at the office or by bank transfer, recorded with its document, under the same checks as a refund
 * through the payment service; the buyer is told in the same transaction.
 */
export async function refundOrderByHand(
  db: Database,
  actor: StaffActor,
  number: string,
  form: RefundRequest,
  manual: ManualRefund,
  alongside?: RefundAlongside,
): Promise<Outcome<{ message: string }>> {
  const written = await writeRefund(db, actor, number, form, manual, alongside);
  if (!written.ok) return written;
  if (written.restocked) invalidateReads("stock");
  return { ok: true, message: orderExtrasMessages.refundedByHand(written.amount) };
}
