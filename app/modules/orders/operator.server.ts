import { checkAlertsSoon } from "../alerts/watch.server.ts";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { type OrderStatus, orderLines, orderStatuses, orders, payments, products } from "../db/schema.ts";
import { deliveryKindOf, orderDelivery, orderDeliveryLine } from "../delivery/order-delivery.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { cancelPendingPayments, listPayments, listRefunds, type PaymentRow, type RefundRow } from "./payments.server.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { listReceipts, queueHandoverReceipt, type ReceiptRow, receiptStatusLabels, receiptTypeLabels } from "../receipts/receipts.server.ts";
import { formatDateTime, formatMoney } from "../shared/format.ts";
import { invalidateReads } from "../shared/read-cache.ts";
import { announceReadsChanged } from "../db/read-changes.server.ts";
import { CANCELLED_BY_SHOP_REASON, type OrderActor, orderHistory, parseTrackingNumber, recordOrderStep } from "./lifecycle.server.ts";
import { nextStatuses, orderStatusLabels, shippingNeedsTracking } from "./statuses.ts";
import type { Refusal } from "../shared/failure.ts";

/** The operator's view of orders (`npm run orders`): list, one order in full, and status changes. */

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

export function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value);
}

const label = (status: OrderStatus) => `«${orderStatusLabels[status]}»`;

/** Newest first; `status` keeps only those in it. */
export async function listOrdersForOperator(db: Database, options: { status?: OrderStatus; limit?: number } = {}): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(options.status ? eq(orders.status, options.status) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.limit ?? 50);
}

export type OperatorOrder = OrderRow & {
  lines: LineRow[];
  payments: PaymentRow[];
  refunds: RefundRow[];
  receipts: ReceiptRow[];
  history: Awaited<ReturnType<typeof orderHistory>>;
};

/** One order by its number ("2026-000123"), with its lines and payment attempts. */
export async function findOrderByNumber(db: Database, number: string): Promise<OperatorOrder | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.number, number.trim())).limit(1);
  if (!order) return undefined;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const [paymentRows, refunds, receiptRows, history] = await Promise.all([
    listPayments(db, order.id),
    listRefunds(db, order.id),
    listReceipts(db, order.id),
    orderHistory(db, order.id),
  ]);
  return { ...order, lines, payments: paymentRows, refunds, receipts: receiptRows, history };
}

export type StatusChange =
  | {
      ok: true;
      number: string;
      from: OrderStatus;
      to: OrderStatus;
      /** Coins put back on sale by a cancellation. */
      restocked: Array<{ sku: string; name: string; quantity: number }>;
      /** A cancelled order that was paid online: the money goes back to the buyer by hand. */
      refundNeeded: boolean;
      /** Payments of the cancelled order that could still take money, now cancelled. */
      paymentsCancelled: number;
      /** Money that arrived before the cancellation reached the provider, sent back. */
      refunds: RefundRow[];
    }
  | Refusal;

export type StatusChangeOptions = {
  /** The carrier's tracking number: required to ship an order. */
  trackingNumber?: string;
  /** Why it is cancelled, told to the buyer. */
  reason?: string;
  actor?: OrderActor;
  /** Change only an order still in this status (a job acting on what it read a moment ago). */
  onlyFrom?: OrderStatus;
  now?: Date;
};

/** The history note of a special delivery handed to the shop's own courier. */
export const HANDED_TO_SHOP_COURIER_NOTE = "Передан курьеру магазина";

export const trackingNumberMessages = {
  required: (number: string) => `Чтобы отправить заказ №${number}, укажите трек-номер: npm run orders -- ship ${number} ТРЕК-НОМЕР.`,
  invalid: "Трек-номер: от 4 до 40 латинских букв, цифр и дефисов.",
} as const;

/**
 * Moves an order to another status when orderTransitions allows it, in one transaction; a
 * cancellation puts its coins back on sale in the same transaction, and the step is written to
 * the order's history and its messages to the outbox in it too. Then, for a cancelled order
 * that was not paid, its pending payments are cancelled at `provider` (outside the
 * transaction: no lock is held across the network).
 */
export async function changeOrderStatus(
  db: Database,
  number: string,
  to: OrderStatus,
  options: StatusChangeOptions & { provider?: PaymentProvider } = {},
): Promise<StatusChange> {
  let trackingNumber: string | undefined;
  if (options.trackingNumber !== undefined) {
    const parsed = parseTrackingNumber(options.trackingNumber);
    if (!parsed) return { ok: false, reason: trackingNumberMessages.invalid };
    trackingNumber = parsed;
  }
  const change = await changeStatusInTransaction(db, number, to, { ...options, trackingNumber, now: options.now ?? new Date() });
  if (!change.ok) return change;
  if (change.restocked.length > 0) invalidateReads("stock");
  // Coins back on sale: buyers waiting for them hear of it now.
  if (change.restocked.length > 0) checkAlertsSoon();
  const { orderId, ...done } = change;
  if (to !== "cancelled" || !options.provider || done.refundNeeded) return done;
  const { cancelled, refunded } = await cancelPendingPayments(db, options.provider, orderId);
  return { ...done, paymentsCancelled: cancelled, refunds: refunded };
}

async function changeStatusInTransaction(
  db: Database,
  number: string,
  to: OrderStatus,
  options: Omit<StatusChangeOptions, "now"> & { now: Date },
): Promise<(StatusChange & { ok: false }) | (Extract<StatusChange, { ok: true }> & { orderId: number })> {
  const { now, trackingNumber } = options;
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number.trim())).for("update");
    if (!order) return { ok: false, reason: `Заказ №${number} не найден.` };
    const from = order.status;
    if (options.onlyFrom && from !== options.onlyFrom) return { ok: false, reason: `Заказ №${order.number} уже в статусе ${label(from)}.` };
    if (from === to) return { ok: false, reason: `Заказ №${order.number} уже в статусе ${label(to)}.` };
    const kind = deliveryKindOf(order.delivery);
    const allowed = nextStatuses(from, kind);
    if (!allowed.includes(to)) {
      return {
        ok: false,
        reason:
          allowed.length === 0
            ? `Заказ №${order.number} в статусе ${label(from)}: этот статус окончательный, его нельзя изменить.`
            : `Заказ №${order.number} нельзя перевести из статуса ${label(from)} в ${label(to)}. Возможно: ${allowed.map(label).join(", ")}.`,
      };
    }

    const tracked = to === "shipped" && shippingNeedsTracking(kind);
    if (tracked && !trackingNumber && !order.trackingNumber) return { ok: false, reason: trackingNumberMessages.required(order.number) };
    const reason = to === "cancelled" ? options.reason?.trim() || CANCELLED_BY_SHOP_REASON : null;
    const [changed] = await tx
      .update(orders)
      .set({ status: to, updatedAt: now, ...(tracked && trackingNumber ? { trackingNumber } : {}), ...(reason ? { cancelReason: reason } : {}) })
      .where(eq(orders.id, order.id))
      .returning();
    const restocked: Array<{ sku: string; name: string; quantity: number }> = [];
    let refundNeeded = false;
    if (to === "cancelled") {
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.productId));
      // Locked in id order, as placing an order locks them, so the two never deadlock.
      await tx
        .select({ id: products.id })
        .from(products)
        .where(
          inArray(
            products.id,
            lines.map((line) => line.productId),
          ),
        )
        .orderBy(asc(products.id))
        .for("update");
      for (const line of lines) {
        await tx
          .update(products)
          .set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: now })
          .where(eq(products.id, line.productId));
        restocked.push({ sku: line.sku, name: line.name, quantity: line.quantity });
      }
      // Pages show the stock: other instances drop their cached pages at the commit.
      await announceReadsChanged(tx, "stock");
      const [succeeded] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, "succeeded")))
        .limit(1);
      refundNeeded = succeeded !== undefined;
    }
    // The coins are handed over: the settlement receipt (or the delivery service's, for payment on receipt) is recorded with the step.
    if (to === "completed") await queueHandoverReceipt(tx, changed!, now);
    const note = reason ?? (to === "shipped" && !tracked ? HANDED_TO_SHOP_COURIER_NOTE : undefined);
    await recordOrderStep(tx, changed!, { status: to, actor: options.actor ?? "operator", note, now });
    return { ok: true, orderId: order.id, number: order.number, from, to, restocked, refundNeeded, paymentsCancelled: 0, refunds: [] };
  });
}

const paymentMethod = (paymentId: number) =>
  paymentId === PAYMENT_IDS.online
    ? "онлайн"
    : paymentId === PAYMENT_IDS.onReceipt
      ? "при получении"
      : paymentId === PAYMENT_IDS.invoice
        ? "по счёту"
        : `способ ${paymentId}`;
const fullName = (contact: OrderRow["contact"]) => [contact.lastName, contact.name, contact.secondName].filter(Boolean).join(" ");

/** One line of `npm run orders -- list`. */
export function formatOrderRow(order: OrderRow): string {
  return [
    order.number,
    formatDateTime(order.createdAt),
    orderStatusLabels[order.status],
    formatMoney(order.total),
    `оплата ${paymentMethod(order.paymentId)}`,
    `${fullName(order.contact)} ${order.contact.phone}`.trim(),
    order.city.name,
  ].join("  ");
}

/** `npm run orders -- show`: the order in full. */
export function formatOrderDetails(order: OperatorOrder): string {
  const lines = [
    `Заказ №${order.number}: ${orderStatusLabels[order.status]}`,
    `Создан: ${formatDateTime(order.createdAt)} (МСК), изменён: ${formatDateTime(order.updatedAt)}`,
    `Покупатель: ${fullName(order.contact)}, ${order.contact.phone}${order.contact.email ? `, ${order.contact.email}` : ""}`,
    ...(order.company
      ? [
          `${order.company.kind === "organisation" ? "Организация" : "ИП"}: ${order.company.name}, ИНН ${[order.company.inn, order.company.kpp].filter(Boolean).join("/")}`,
        ]
      : []),
    `Город: ${order.city.name} (${order.city.code})`,
    `Доставка: ${orderDeliveryLine(order.delivery)}`,
    ...(orderDelivery(order.delivery).courierNote ? [`Курьеру: ${orderDelivery(order.delivery).courierNote}`] : []),
    "Монеты:",
    ...order.lines.map((line) => `  ${line.sku}  ${line.name} × ${line.quantity} по ${formatMoney(line.price)} = ${formatMoney(line.lineTotal)}`),
    `Товары: ${formatMoney(order.goodsTotal)}, доставка: ${formatMoney(order.deliveryTotal)}, итого: ${formatMoney(order.total)}`,
    `Оплата: ${paymentMethod(order.paymentId)}`,
    ...order.payments.map(
      (payment) =>
        `  ${formatDateTime(payment.createdAt)}  ${payment.provider}  ${payment.providerPaymentId ?? "—"}  ${payment.status}  ${formatMoney(payment.amount)}${payment.failureReason ? `  ${payment.failureReason}` : ""}`,
    ),
  ];
  if (order.refunds.length > 0) lines.push("Возвраты:", ...order.refunds.map(formatRefund));
  if (order.receipts.length > 0) lines.push("Чеки:", ...order.receipts.map(formatReceipt));
  if (order.paymentDueAt && order.status === "awaiting_payment") lines.push(`Оплатить до: ${formatDateTime(order.paymentDueAt)} (МСК)`);
  if (order.trackingNumber) lines.push(`Трек-номер: ${order.trackingNumber}`);
  if (order.cancelReason) lines.push(`Причина отмены: ${order.cancelReason}`);
  if (order.comment) lines.push(`Комментарий: ${order.comment}`);
  if (order.history.length > 0) {
    lines.push(
      "История:",
      ...order.history.map((step) => `  ${formatDateTime(step.createdAt)}  ${orderStatusLabels[step.status]}${step.note ? `  ${step.note}` : ""}`),
    );
  }
  return lines.join("\n");
}

/** What `npm run orders -- status` prints after a change. */
export function formatStatusChange(change: Extract<StatusChange, { ok: true }>): string {
  const lines = [`Заказ №${change.number}: ${orderStatusLabels[change.from]} → ${orderStatusLabels[change.to]}.`];
  if (change.restocked.length > 0) {
    lines.push(`Возвращено в продажу: ${change.restocked.map((line) => `${line.sku} × ${line.quantity}`).join(", ")}.`);
  }
  if (change.refundNeeded) lines.push("Заказ был оплачен онлайн: верните деньги покупателю в личном кабинете платёжного сервиса.");
  if (change.paymentsCancelled > 0) lines.push(`Неоплаченный платёж отменён: оплатить заказ больше нельзя (${change.paymentsCancelled} шт.).`);
  for (const refund of change.refunds) lines.push(`Платёж успел пройти, деньги возвращаются покупателю: ${formatRefund(refund).trim()}`);
  return lines.join("\n");
}

const refundStatusLabels: Record<RefundRow["status"], string> = { pending: "ожидает", succeeded: "выполнен", canceled: "отклонён" };

/** One refund line of `show`: when, where, its state and why; a failure to reach the provider says so. */
function formatRefund(refund: RefundRow): string {
  const failed = refund.status === "pending" && refund.lastError ? `  НЕ ВЫПОЛНЕН, верните вручную (${refund.lastError})` : "";
  return `  ${formatDateTime(refund.createdAt)}  ${refund.provider}  ${refund.providerRefundId ?? "—"}  возврат ${refundStatusLabels[refund.status]}  ${formatMoney(refund.amount)}  ${refund.reason}${failed}`;
}

/** One receipt line of `show`: when, what, how much, its state and the provider's id. */
export function formatReceipt(receipt: ReceiptRow): string {
  const failed = receipt.lastError && receipt.status !== "succeeded" ? `  (${receipt.lastError})` : "";
  return `  ${formatDateTime(receipt.createdAt)}  ${receiptTypeLabels[receipt.type]}  ${formatMoney(receipt.total)}  ${receiptStatusLabels[receipt.status]}  ${receipt.provider} ${receipt.providerReceiptId ?? receipt.providerPaymentId ?? "—"}${failed}`;
}
