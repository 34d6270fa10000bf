import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, lt, lte, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { orderLines, orders, payments, products, type ReceiptLine, receipts, type refunds } from "../db/schema.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { backoffMs } from "../notifications/sender.server.ts";
import type { PaymentItem, PaymentProvider, PaymentStatus, ReceiptCustomer, RefundReceipt } from "../payments/provider.ts";
import { PaymentProviderError } from "../payments/provider.ts";
import { log } from "../shared/log.server.ts";
import { DELIVERY_VAT, receiptVat, vatTreatment } from "../tax/vat.ts";

export { receiptStatusLabels, receiptTypeLabels } from "./labels.ts";

/**
 * Fiscal receipts (54-FZ; decision 018). Coins are paid online and handed over
 * later, so an order paid online gets:
 * - at payment, a receipt of full prepayment, sent with the payment itself (one row per payment
 *   attempt, written with the attempt; its status follows the payment's);
 * - at handover (the order becomes completed), a settlement receipt: a row written in the
 *   status change's transaction, then sent by the receipt sender (one instance of the cluster,
 *   retried with the same Idempotence-Key until the provider answers);
 * - with a refund, a refund receipt sent with the refund (its status follows the refund's).
 * An order paid on receipt (payment id 6) is paid to the delivery service, whose cash register
 * issues the receipt: a row of status "external" records that at handover.
 */

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;

/** The buyer's contact for a receipt: the order's e-mail, else its phone. */
export function receiptCustomer(order: Pick<OrderRow, "contact">): ReceiptCustomer {
  return order.contact.email ? { email: order.contact.email } : { phone: order.contact.phone };
}

/** The coin's facts its VAT treatment is read from (tax/vat.ts), to select beside an order line. */
export const coinVatColumns = {
  kind: products.kind,
  country: products.country,
  issuer: products.issuer,
  denomination: products.denomination,
  quality: products.quality,
  vatOverride: products.vatOverride,
};

/**
 * The receipt lines of an order: its coins, each with the VAT of its treatment (the coin's rule
 * or the operator's override) at the rate of the order's date, and the delivery as a service
 * when it costs anything.
 */
export async function orderReceiptLines(db: Database, order: OrderRow, paymentMode: ReceiptLine["paymentMode"]): Promise<ReceiptLine[]> {
  const lines = await db
    .select({
      name: orderLines.name,
      quantity: orderLines.quantity,
      price: orderLines.price,
      ...coinVatColumns,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const items: ReceiptLine[] = lines.map((line) => ({
    name: line.name,
    quantity: line.quantity,
    priceRub: line.price,
    vat: receiptVat(vatTreatment(line), order.createdAt),
    subject: "commodity",
    paymentMode,
  }));
  if (order.deliveryTotal > 0) {
    items.push({
      name: "Доставка",
      quantity: 1,
      priceRub: order.deliveryTotal,
      vat: receiptVat(DELIVERY_VAT, order.createdAt),
      subject: "service",
      paymentMode,
    });
  }
  return items;
}

const linesTotal = (items: ReceiptLine[]) => items.reduce((sum, item) => sum + item.priceRub * item.quantity, 0);

/** The provider's receipt lines from stored ones. */
export function paymentItems(items: ReceiptLine[]): PaymentItem[] {
  return items.map((item) => ({
    name: item.name,
    quantity: item.quantity,
    priceRub: item.priceRub,
    vat: item.vat,
    subject: item.subject,
    paymentMode: item.paymentMode,
  }));
}

/** The receipt at payment, written with the payment attempt that carries it. */
export async function recordPrepaymentReceipt(
  tx: Database,
  input: {
    order: OrderRow;
    attempt: { id: number; provider: "sandbox" | "yookassa"; idempotenceKey: string };
    items: ReceiptLine[];
    customer: ReceiptCustomer;
  },
): Promise<void> {
  await tx
    .insert(receipts)
    .values({
      key: `prepayment:${input.attempt.id}`,
      orderId: input.order.id,
      type: "prepayment",
      provider: input.attempt.provider,
      status: "pending",
      items: input.items,
      total: linesTotal(input.items),
      customer: input.customer,
      paymentRowId: input.attempt.id,
      idempotenceKey: `payment:${input.attempt.idempotenceKey}`,
    })
    .onConflictDoNothing({ target: receipts.key });
}

/**
 * The receipt at payment follows its payment: registered when the payment succeeded, not issued
 * when it was canceled.
 */
export async function followPaymentReceipt(tx: Database, attemptId: number, status: PaymentStatus, providerPaymentId?: string | null): Promise<void> {
  if (status !== "succeeded" && status !== "canceled") return;
  await tx
    .update(receipts)
    .set({ status, updatedAt: new Date(), ...(providerPaymentId ? { providerPaymentId } : {}) })
    // A payment the shop had marked canceled itself may still succeed (the buyer paid all the same): its receipt was issued.
    .where(
      and(
        eq(receipts.paymentRowId, attemptId),
        eq(receipts.type, "prepayment"),
        inArray(receipts.status, status === "succeeded" ? ["pending", "canceled"] : ["pending"]),
      ),
    );
}

/**
 * Who issues the 54-FZ receipt for an order paid this way: the shop (through the payment service)
 * for card and СБП payments; the delivery service's register for payment on receipt; nobody for a
 * company's bank transfer against an invoice, which is a settlement between organisations without
 * cash or an electronic means of payment (54-FZ art. 1.2), so the invoice and the УПД are its documents.
 */
export function receiptIssuer(paymentId: number): "shop" | "delivery_service" | "none" {
  if (paymentId === PAYMENT_IDS.invoice) return "none";
  return paymentId === PAYMENT_IDS.online ? "shop" : "delivery_service";
}

export const SETTLEMENT_WITHOUT_PAYMENT = "нет оплаты через платёжный сервис, к которой привязать чек зачёта предоплаты: пробейте чек вручную";

/**
 * Called in the transaction that makes an order completed (the coins are handed over): an order
 * paid online gets its settlement receipt queued (the lines of its receipt at payment, now a full
 * payment settled against the prepayment); an order paid on receipt records that the delivery
 * service's cash register issues it. Writing it twice stores it once.
 */
export async function queueHandoverReceipt(tx: Database, order: OrderRow, now: Date): Promise<void> {
  const issuer = receiptIssuer(order.paymentId);
  if (issuer === "none") return;
  const customer = receiptCustomer(order);
  if (issuer === "delivery_service") {
    const items = await orderReceiptLines(tx, order, "full_payment");
    await tx
      .insert(receipts)
      .values({
        key: `delivery_service:${order.id}`,
        orderId: order.id,
        type: "delivery_service",
        provider: "delivery_service",
        status: "external",
        items,
        total: linesTotal(items),
        customer,
        idempotenceKey: `delivery_service:${order.id}`,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: receipts.key });
    return;
  }
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, "succeeded")))
    .orderBy(asc(payments.id))
    .limit(1);
  const [prepayment] = paid
    ? await tx
        .select()
        .from(receipts)
        .where(and(eq(receipts.paymentRowId, paid.id), eq(receipts.type, "prepayment")))
        .limit(1)
    : [];
  const items = (prepayment?.items ?? (await orderReceiptLines(tx, order, "full_payment"))).map((item) => ({ ...item, paymentMode: "full_payment" as const }));
  const total = linesTotal(items);
  const usable = paid?.providerPaymentId && paid.amount === total;
  await tx
    .insert(receipts)
    .values({
      key: `settlement:${order.id}`,
      orderId: order.id,
      type: "settlement",
      provider: paid?.provider ?? "sandbox",
      status: usable ? "queued" : "failed",
      items,
      total,
      prepaymentSettled: total,
      customer,
      paymentRowId: paid?.id ?? null,
      providerPaymentId: paid?.providerPaymentId ?? null,
      idempotenceKey: randomUUID(),
      lastError: usable ? null : SETTLEMENT_WITHOUT_PAYMENT,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: receipts.key });
  if (!usable) log.error("settlement receipt cannot be sent: issue it by hand", { orderId: order.id, number: order.number });
}

/**
 * The refund receipt of a refund: the lines of the payment's own receipt (a prepayment given
 * back while the coins were not handed over; a full payment once they were). Recorded as a row;
 * undefined when the lines do not add up to the refund (then the operator issues it by hand).
 */
export async function prepareRefundReceipt(db: Database, refund: RefundRow): Promise<RefundReceipt | undefined> {
  // Money given back by hand (decision 061): the office's own register prints its receipt.
  const paymentId = refund.paymentId;
  if (paymentId === null || refund.provider === "manual") return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.id, refund.orderId));
  if (!order) return undefined;
  const [settled] = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.orderId, order.id), eq(receipts.type, "settlement"), notInArray(receipts.status, ["failed", "canceled"])))
    .limit(1);
  const paymentMode: ReceiptLine["paymentMode"] = settled ? "full_payment" : "full_prepayment";
  const [prepayment] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.paymentRowId, paymentId), eq(receipts.type, "prepayment")))
    .limit(1);
  const paid = (prepayment?.items ?? (await orderReceiptLines(db, order, paymentMode))).map((item) => ({ ...item, paymentMode }));
  const items = refund.lines ? await refundReceiptLines(db, order, refund.lines, paid) : paid;
  if (linesTotal(items) !== refund.amount) {
    log.error("refund receipt lines do not add up to the refund: issue it by hand", { orderId: order.id, refund: refund.amount, lines: linesTotal(items) });
    return undefined;
  }
  const customer = receiptCustomer(order);
  const [payment] = await db.select({ providerPaymentId: payments.providerPaymentId }).from(payments).where(eq(payments.id, paymentId));
  await db
    .insert(receipts)
    .values({
      key: `refund:${refund.id}`,
      orderId: order.id,
      type: "refund",
      provider: refund.provider,
      status: "pending",
      items,
      total: refund.amount,
      customer,
      paymentRowId: refund.paymentId,
      refundRowId: refund.id,
      providerPaymentId: payment?.providerPaymentId ?? null,
      idempotenceKey: `refund:${refund.idempotenceKey}`,
    })
    .onConflictDoNothing({ target: receipts.key });
  return { customer, items: paymentItems(items) };
}

/**
 * The receipt lines of a refund by lines: each refunded line at the order's price, with the VAT of
 * the line the payment's own receipt had for it (the receipt lists the coins in the order's line
 * order, then the delivery), so the refund and the payment receipts agree.
 */
async function refundReceiptLines(db: Database, order: OrderRow, lines: NonNullable<RefundRow["lines"]>, paid: ReceiptLine[]): Promise<ReceiptLine[]> {
  const orderLineIds = (await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id))).map(
    (line) => line.id,
  );
  const delivery = paid.find((item) => item.subject === "service");
  return lines.map((line) => {
    const source = line.orderLineId === null ? delivery : paid[orderLineIds.indexOf(line.orderLineId)];
    return {
      name: line.name,
      quantity: line.quantity,
      priceRub: line.priceRub,
      vat: source?.vat ?? receiptVat(DELIVERY_VAT, order.createdAt),
      subject: line.orderLineId === null ? "service" : "commodity",
      paymentMode: source?.paymentMode ?? "full_prepayment",
    };
  });
}

/** The refund receipt follows its refund: the provider's answer, or the failure to reach it. */
export async function followRefundReceipt(
  db: Database,
  refundRowId: number,
  outcome: { status: "pending" | "succeeded" | "canceled"; providerRefundId: string } | { error: string },
): Promise<void> {
  const changes =
    "error" in outcome
      ? { lastError: outcome.error.slice(0, 500), attempts: sql`${receipts.attempts} + 1` }
      : { status: outcome.status, providerReceiptId: outcome.providerRefundId, lastError: null, attempts: sql`${receipts.attempts} + 1` };
  await db
    .update(receipts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(receipts.refundRowId, refundRowId), eq(receipts.type, "refund"), inArray(receipts.status, ["pending", "queued"])));
}

export type ReceiptSenderSettings = { maxAttempts: number; leaseMs: number; batchSize: number };
export const RECEIPT_SENDER_SETTINGS: ReceiptSenderSettings = { maxAttempts: 12, leaseMs: 120_000, batchSize: 20 };

export type ReceiptRound = { sent: number; retried: number; failed: number };

/**
 * One round of the receipt sender: settlement receipts queued for this provider (and those taken
 * by a sender that died) are taken, sent with their own Idempotence-Key, and marked with the
 * provider's answer; an unknown outcome is tried again with the same key after a backoff, a
 * refusal or the last try marks the receipt failed for the operator.
 */
export async function deliverDueReceipts(
  db: Database,
  provider: PaymentProvider,
  settings: ReceiptSenderSettings = RECEIPT_SENDER_SETTINGS,
  now = new Date(),
): Promise<ReceiptRound> {
  await db
    .update(receipts)
    .set({ status: "queued", nextAttemptAt: now })
    .where(and(eq(receipts.status, "sending"), lt(receipts.takenAt, new Date(now.getTime() - settings.leaseMs))));
  const taken = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: receipts.id })
      .from(receipts)
      .where(and(eq(receipts.status, "queued"), eq(receipts.type, "settlement"), eq(receipts.provider, provider.id), lte(receipts.nextAttemptAt, now)))
      .orderBy(asc(receipts.id))
      .limit(settings.batchSize)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(receipts)
      .set({ status: "sending", takenAt: now, attempts: sql`${receipts.attempts} + 1` })
      .where(
        inArray(
          receipts.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
  const result: ReceiptRound = { sent: 0, retried: 0, failed: 0 };
  for (const receipt of taken.sort((a, b) => a.id - b.id)) {
    try {
      const answer = await provider.createSettlementReceipt({
        paymentId: receipt.providerPaymentId ?? "",
        customer: receipt.customer,
        items: paymentItems(receipt.items),
        amountRub: receipt.total,
        idempotenceKey: receipt.idempotenceKey,
      });
      await db
        .update(receipts)
        .set({ status: answer.status, providerReceiptId: answer.receiptId, lastError: null, updatedAt: new Date() })
        .where(eq(receipts.id, receipt.id));
      result.sent++;
      log.info("settlement receipt sent", { orderId: receipt.orderId, receiptId: answer.receiptId, status: answer.status });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryable = !(error instanceof PaymentProviderError) || error.retryable;
      if (retryable && receipt.attempts < settings.maxAttempts) {
        await db
          .update(receipts)
          .set({
            status: "queued",
            nextAttemptAt: new Date(now.getTime() + backoffMs(receipt.attempts)),
            lastError: reason.slice(0, 500),
            updatedAt: new Date(),
          })
          .where(eq(receipts.id, receipt.id));
        result.retried++;
        log.warn("settlement receipt not sent; will try again", { orderId: receipt.orderId, attempt: receipt.attempts, reason });
      } else {
        await db
          .update(receipts)
          .set({ status: "failed", lastError: reason.slice(0, 500), updatedAt: new Date() })
          .where(eq(receipts.id, receipt.id));
        result.failed++;
        log.error("settlement receipt failed: issue it by hand", { orderId: receipt.orderId, attempts: receipt.attempts, reason });
      }
    }
  }
  return result;
}

/** A pending receipt is asked after again no sooner than this: YooKassa registers most within seconds, some in hours. */
export const PENDING_RECEIPT_RECHECK_MS = 60_000;

/**
 * Asks the provider where the settlement receipts it answered "pending" stand now, oldest asked
 * first, a batch a round; each is asked again no sooner than PENDING_RECEIPT_RECHECK_MS. A receipt
 * the fiscal operator refused becomes "canceled" with the reason, for the operator to issue by hand.
 */
export async function followPendingReceipts(
  db: Database,
  provider: PaymentProvider,
  batchSize = RECEIPT_SENDER_SETTINGS.batchSize,
  now = new Date(),
): Promise<{ settled: number; stillPending: number }> {
  const due = await db
    .select({ id: receipts.id, orderId: receipts.orderId, providerReceiptId: receipts.providerReceiptId })
    .from(receipts)
    .where(
      and(
        eq(receipts.status, "pending"),
        eq(receipts.type, "settlement"),
        eq(receipts.provider, provider.id),
        isNotNull(receipts.providerReceiptId),
        lte(receipts.updatedAt, new Date(now.getTime() - PENDING_RECEIPT_RECHECK_MS)),
      ),
    )
    .orderBy(asc(receipts.updatedAt), asc(receipts.id))
    .limit(batchSize);
  const result = { settled: 0, stillPending: 0 };
  for (const receipt of due) {
    try {
      const state = await provider.getReceipt(receipt.providerReceiptId!);
      const settled = state.status !== "pending";
      await db
        .update(receipts)
        .set({
          status: state.status,
          lastError: state.status === "canceled" ? "Оператор фискальных данных не зарегистрировал чек" : null,
          updatedAt: new Date(),
        })
        .where(and(eq(receipts.id, receipt.id), eq(receipts.status, "pending")));
      if (settled) result.settled++;
      else result.stillPending++;
      if (state.status === "canceled")
        log.error("settlement receipt refused by the fiscal operator: issue it by hand", { orderId: receipt.orderId, receiptId: receipt.providerReceiptId });
    } catch (error) {
      // Asked again next time; touching updatedAt keeps one bad receipt from holding up the rest.
      await db.update(receipts).set({ updatedAt: new Date() }).where(eq(receipts.id, receipt.id));
      result.stillPending++;
      log.warn("could not ask where a pending receipt stands", { orderId: receipt.orderId, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}

/** Every receipt of the order, oldest first (the back office and `npm run orders -- show`). */
export async function listReceipts(db: Database, orderId: number): Promise<ReceiptRow[]> {
  return db.select().from(receipts).where(eq(receipts.orderId, orderId)).orderBy(asc(receipts.createdAt), asc(receipts.id));
}
