import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { type OrderStatus, orders, payments, refunds } from "../db/schema.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { log } from "../shared/log.server.ts";
import type { NotificationEvent, OrderFacts } from "../notifications/events.ts";
import { recordNotifications } from "../notifications/outbox.server.ts";
import { isPaymentOverdue, orderFacts, PAYMENT_EXPIRED_REASON, recordOrderStep } from "./lifecycle.server.ts";
import {
  type CreatedPayment,
  type CreatePaymentInput,
  isFinalPaymentStatus,
  PAYMENT_FAILED_MESSAGE,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentProviderId,
  type PaymentState,
  type PaymentStatus,
} from "../payments/provider.ts";
import { createSandboxProvider, decideSandboxPayment, returnPath, type SandboxDecision } from "../payments/sandbox.server.ts";
import { verifyNotification } from "../payments/webhook.server.ts";
import {
  followPaymentReceipt,
  followRefundReceipt,
  orderReceiptLines,
  paymentItems,
  prepareRefundReceipt,
  receiptCustomer as receiptCustomerOf,
  recordPrepaymentReceipt,
} from "../receipts/receipts.server.ts";

/**
 * The shop's side of online payment (payment id 4, docs/architecture.md §5): every attempt to
 * pay an order is a row of `payments`; the provider's word on it is applied here, from the
 * buyer's return, the webhook or the sandbox page alike. An order moves awaiting_payment →
 * paid only on a succeeded payment of exactly its total, and never moves back.
 */

export const paymentMessages = {
  alreadyPaid: "Заказ уже оплачен.",
  cancelled: "Заказ отменён — оплатить его нельзя.",
  onReceipt: "Этот заказ оплачивается при получении.",
  notPayable: "Этот заказ сейчас нельзя оплатить онлайн.",
  notFound: "Заказ не найден.",
  canceled: "Платёж отменён. Попробуйте оплатить ещё раз.",
  amountMismatch: "Сумма платежа не совпала с суммой заказа. Мы проверим платёж и свяжемся с вами.",
  /** Why the shop sends money back on its own: the order was cancelled before the payment went through. */
  refundCancelledOrder: "заказ отменён, а платёж прошёл позже",
  /** …or another payment had paid the order already. */
  refundPaidOrder: "заказ уже оплачен другим платежом",
  expired: `${PAYMENT_EXPIRED_REASON}: заказ будет отменён, монеты вернутся в продажу. Оформите заказ заново.`,
} as const;

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The order's newest payment attempt, if any. */
export async function latestPayment(db: Database, orderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(1);
  return row;
}

/** Every payment attempt of the order, oldest first (the operator's view). */
export async function listPayments(db: Database, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt), asc(payments.id));
}

/** Why the order cannot be paid online now, or null when it can. */
function refusal(order: Pick<OrderRow, "paymentId" | "status" | "paymentDueAt" | "cancelReason">, now = new Date()): string | null {
  if (order.status === "cancelled") return order.cancelReason === PAYMENT_EXPIRED_REASON ? paymentMessages.expired : paymentMessages.cancelled;
  if (order.status !== "awaiting_payment" && order.status !== "new") return paymentMessages.alreadyPaid;
  if (order.paymentId !== PAYMENT_IDS.online) return paymentMessages.onReceipt;
  if (order.status !== "awaiting_payment") return paymentMessages.notPayable;
  // Past the deadline the order is being let go: no new payment starts for it.
  if (isPaymentOverdue(order, now)) return paymentMessages.expired;
  return null;
}

export type StartPaymentResult = { kind: "redirect"; url: string } | { kind: "failed"; reason: string };

/** Statuses of an attempt that can still take money. */
const LIVE_STATUSES = ["pending", "waiting_for_capture"] as const satisfies readonly PaymentStatus[];

/**
 * Starts paying an order online and answers where to send the buyer. An order has at most one
 * live attempt, decided under the order's lock: presses that arrive together (a double click,
 * two tabs) all get the one live payment's page; only when the provider says it is over does a
 * new attempt (with a fresh idempotence key) start. A provider failure keeps the order and marks
 * the new attempt canceled with the reason for /payment-error. The caller checks the order is the buyer's.
 */
export async function startPayment(
  db: Database,
  provider: PaymentProvider,
  order: { id: number },
  options: { publicUrl: string },
): Promise<StartPaymentResult> {
  // Twice at most: a live attempt the provider reports over is recorded, then a new one starts.
  for (let round = 0; ; round++) {
    const decided = await liveOrNewAttempt(db, provider, order.id, options);
    if (decided.kind === "failed") return decided;
    if (decided.kind === "new") return createAttemptPayment(db, provider, decided.attempt, decided.input);
    const reused = await reuseLiveAttempt(db, provider, decided.attempt, decided.order, options);
    if (reused || round > 0) return reused ?? { kind: "failed", reason: paymentMessages.notPayable };
  }
}

type PaymentInputOf = { input: CreatePaymentInput };

/** What the provider is asked to create for an attempt: the order's amount, receipt lines and the attempt's key. */
async function paymentInput(
  db: Database,
  row: OrderRow,
  idempotenceKey: string,
  publicUrl: string,
): Promise<PaymentInputOf & { lines: Awaited<ReturnType<typeof orderReceiptLines>> }> {
  const lines = await orderReceiptLines(db, row, "full_prepayment");
  const input: CreatePaymentInput = {
    orderId: String(row.id),
    amountRub: row.total,
    description: `Заказ №${row.number}`,
    returnUrl: `${publicUrl.replace(/\/+$/, "")}/thanks?order=${row.id}`,
    idempotenceKey,
    customer: { email: row.contact.email || undefined, phone: row.contact.phone || undefined },
    items: paymentItems(lines),
  };
  return { input, lines };
}

/**
 * Under the order's lock: the order's live attempt on this provider if it has one, else a new
 * attempt (with its receipt at payment) written before the lock is let go, so a press that waited
 * for the lock finds it.
 */
async function liveOrNewAttempt(db: Database, provider: PaymentProvider, orderId: number, options: { publicUrl: string }) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!row) return { kind: "failed", reason: paymentMessages.notFound } as const;
    const refused = refusal(row);
    if (refused) return { kind: "failed", reason: refused } as const;
    const [live] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, row.id), eq(payments.provider, provider.id), inArray(payments.status, LIVE_STATUSES)))
      .orderBy(desc(payments.id))
      .limit(1);
    if (live) return { kind: "live", attempt: live, order: row } as const;
    const [attempt] = await tx
      .insert(payments)
      .values({ orderId: row.id, provider: provider.id, idempotenceKey: randomUUID(), status: "pending", amount: row.total })
      .returning();
    const { input, lines } = await paymentInput(tx, row, attempt!.idempotenceKey, options.publicUrl);
    // The receipt at payment (full prepayment: the coins are handed over later) is kept with its attempt.
    await recordPrepaymentReceipt(tx, { order: row, attempt: attempt!, items: lines, customer: receiptCustomerOf(row) });
    return { kind: "new", attempt: attempt!, input } as const;
  });
}

/** Asks the provider for a new attempt's payment (outside any transaction: no lock is held across the network). */
async function createAttemptPayment(db: Database, provider: PaymentProvider, attempt: PaymentRow, input: CreatePaymentInput): Promise<StartPaymentResult> {
  let created: CreatedPayment;
  try {
    created = await provider.createPayment(input);
  } catch (error) {
    const reason = error instanceof PaymentProviderError ? error.userMessage : PAYMENT_FAILED_MESSAGE;
    await db.transaction(async (tx) => {
      await tx.update(payments).set({ status: "canceled", failureReason: reason, updatedAt: new Date() }).where(eq(payments.id, attempt.id));
      await followPaymentReceipt(tx, attempt.id, "canceled");
    });
    if (!(error instanceof PaymentProviderError)) throw error;
    log.warn("payment not created; the order waits for another attempt", {
      orderId: attempt.orderId,
      provider: provider.id,
      kind: error.kind,
      reason: error.message,
    });
    return { kind: "failed", reason };
  }
  await recordCreatedPayment(db, attempt, created);
  log.info("payment started", { orderId: attempt.orderId, provider: provider.id, paymentId: created.paymentId, status: created.status });
  return afterCreated(db, provider, created, input.returnUrl);
}

/** The provider's payment of an attempt, kept once: a second press that asked with the same key records the same payment. */
async function recordCreatedPayment(db: Database, attempt: PaymentRow, created: CreatedPayment): Promise<void> {
  await db
    .update(payments)
    .set({ providerPaymentId: created.paymentId, confirmationUrl: created.confirmationUrl, updatedAt: new Date() })
    .where(and(eq(payments.id, attempt.id), or(isNull(payments.providerPaymentId), eq(payments.providerPaymentId, created.paymentId))));
  // A final status comes through applyPaymentState, which tells the buyer and the staff.
  if (!isFinalPaymentStatus(created.status)) {
    await db
      .update(payments)
      .set({ status: created.status })
      .where(and(eq(payments.id, attempt.id), inArray(payments.status, LIVE_STATUSES)));
  }
}

/** Where the buyer goes once the provider has a payment: its page, or /thanks when it needs none or is decided already. */
async function afterCreated(db: Database, provider: PaymentProvider, created: CreatedPayment, returnUrl: string): Promise<StartPaymentResult> {
  if (created.status === "pending" || created.status === "waiting_for_capture") {
    if (created.confirmationUrl) return { kind: "redirect", url: created.confirmationUrl };
    // A provider that wants no confirmation step: the return page reads the outcome.
    return { kind: "redirect", url: returnUrl };
  }
  // Already final (a provider may decide at once): record it as any other answer.
  const state = await provider.getPayment(created.paymentId).catch(() => undefined);
  if (state) await applyPaymentState(db, provider.id, state, provider);
  if (created.status === "succeeded") return { kind: "redirect", url: returnUrl };
  return { kind: "failed", reason: state?.failureReason ?? paymentMessages.canceled };
}

/**
 * The order's live attempt, for a press that found one. Its payment not created yet (another
 * press is asking the provider this moment, or one died doing so): the provider is asked again
 * with the attempt's own key, which names the same payment. Created: the provider says whether
 * it is still open; its page is reused while it is; undefined when it is over (a new one may start).
 */
async function reuseLiveAttempt(
  db: Database,
  provider: PaymentProvider,
  attempt: PaymentRow,
  order: OrderRow,
  options: { publicUrl: string },
): Promise<StartPaymentResult | undefined> {
  if (!attempt.providerPaymentId) {
    const { input } = await paymentInput(db, order, attempt.idempotenceKey, options.publicUrl);
    try {
      const created = await provider.createPayment(input);
      await recordCreatedPayment(db, attempt, created);
      return await afterCreated(db, provider, created, input.returnUrl);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      // The press that created the attempt marks it if its own request fails; this one only reports.
      return { kind: "failed", reason: error.userMessage };
    }
  }
  let state: PaymentState;
  try {
    state = await provider.getPayment(attempt.providerPaymentId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return { kind: "failed", reason: error.userMessage };
  }
  const applied = await applyPaymentState(db, provider.id, state, provider);
  if (applied.kind !== "applied") return { kind: "failed", reason: paymentMessages.notPayable };
  if (applied.paymentStatus === "pending" || applied.paymentStatus === "waiting_for_capture") {
    return { kind: "redirect", url: attempt.confirmationUrl ?? `${options.publicUrl.replace(/\/+$/, "")}/thanks?order=${order.id}` };
  }
  if (applied.orderStatus !== "awaiting_payment")
    return { kind: "failed", reason: refusal({ ...order, status: applied.orderStatus }) ?? paymentMessages.notPayable };
  // Canceled (or succeeded with a wrong amount, which the staff look into): a new attempt.
  return undefined;
}

export type ApplyPaymentResult =
  | {
      kind: "applied";
      orderId: number;
      orderStatus: OrderStatus;
      /** The attempt's status as recorded now (a final status is never changed). */
      paymentStatus: PaymentStatus;
      /** Whether this call changed the attempt or the order (false for a duplicate). */
      changed: boolean;
    }
  /** The shop has no attempt with this provider's payment id. */
  | { kind: "unknown_payment" }
  /** The provider's payment names another order than the attempt's: nothing is changed. */
  | { kind: "order_mismatch"; orderId: number };

/**
 * Records the provider's word on a payment (fetched from the provider, never taken from a
 * notification): the attempt's status and, when canceled, the reason; a succeeded payment of
 * exactly the order's total moves the order awaiting_payment → paid. Repeats and late,
 * out-of-order deliveries change nothing; an order never moves backwards.
 */
export async function applyPaymentState(
  db: Database,
  providerId: PaymentProviderId,
  state: PaymentState,
  provider?: PaymentProvider,
): Promise<ApplyPaymentResult> {
  const [found] = await db
    .select({ id: payments.id, orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.provider, providerId), eq(payments.providerPaymentId, state.paymentId)))
    .limit(1);
  if (!found) return { kind: "unknown_payment" };

  const result = await db.transaction(async (tx) => {
    // The order first, then the attempt: the same order of locks as startPayment and the operator.
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for("update");
    const [attempt] = await tx.select().from(payments).where(eq(payments.id, found.id)).for("update");
    if (!order || !attempt) return { kind: "unknown_payment" } as const;
    if (state.orderId !== null && state.orderId !== String(order.id)) return { kind: "order_mismatch", orderId: order.id } as const;

    const now = new Date();
    let changed = false;
    let status = attempt.status;
    let failureReason = attempt.failureReason;
    if (!isFinalPaymentStatus(attempt.status) && state.status !== attempt.status) {
      status = state.status;
      if (status === "canceled") failureReason = state.failureReason ?? paymentMessages.canceled;
    } else if (attempt.status === "canceled" && state.status === "succeeded" && state.paid) {
      // The shop marked it canceled itself (its order was cancelled; YooKassa cannot cancel a
      // pending redirect payment), and the buyer paid all the same: the money did arrive.
      status = "succeeded";
    }
    let refundDue = false;

    let orderStatus = order.status;
    if (status === "succeeded" && state.status === "succeeded" && state.paid) {
      const exact = state.amountRub === order.total && attempt.amount === order.total;
      if (!exact) {
        failureReason = paymentMessages.amountMismatch;
        log.error("payment amount differs from the order total; the order is not marked paid", {
          orderId: order.id,
          paymentId: state.paymentId,
          paid: state.amountRub,
          total: order.total,
        });
      } else if (order.status === "awaiting_payment") {
        orderStatus = "paid";
        const [paid] = await tx.update(orders).set({ status: "paid", updatedAt: now }).where(eq(orders.id, order.id)).returning();
        await recordOrderStep(tx, paid!, { status: "paid", actor: "payment", now });
        changed = true;
      } else if (attempt.status !== "succeeded") {
        // Money arrived for an order cancelled meanwhile, or paid already by another attempt: it
        // goes back on its own (refundPayment after this transaction); the staff hear of it with
        // the payment, and the refund that follows tells the buyer.
        refundDue = true;
        const cancelled = order.status === "cancelled";
        await tx
          .insert(refunds)
          .values({
            paymentId: attempt.id,
            orderId: order.id,
            provider: attempt.provider,
            idempotenceKey: randomUUID(),
            amount: attempt.amount,
            reason: cancelled ? paymentMessages.refundCancelledOrder : paymentMessages.refundPaidOrder,
          })
          .onConflictDoNothing({ target: refunds.paymentId, where: sql`lines is null` });
        const facts = await orderFacts(tx, order);
        await recordNotifications(
          tx,
          cancelled
            ? { kind: "payment_after_cancel", order: facts, amount: attempt.amount, attemptId: attempt.id, refunded: true }
            : { kind: "payment_surplus", order: facts, amount: attempt.amount, attemptId: attempt.id },
          undefined,
          now,
        );
        log.warn("a payment succeeded for an order that no longer awaits payment; refunding it", {
          orderId: order.id,
          orderStatus: order.status,
          paymentId: state.paymentId,
          amount: attempt.amount,
        });
      }
    }

    if (status !== attempt.status || failureReason !== attempt.failureReason) {
      await tx.update(payments).set({ status, failureReason, updatedAt: now }).where(eq(payments.id, attempt.id));
      await followPaymentReceipt(tx, attempt.id, status, attempt.providerPaymentId);
      changed = true;
      // The buyer hears of a failed payment while the order can still be paid.
      if (status === "canceled" && attempt.status !== "canceled" && orderStatus === "awaiting_payment") {
        const facts = await orderFacts(tx, order);
        await recordNotifications(
          tx,
          { kind: "payment_failed", order: facts, reason: failureReason ?? paymentMessages.canceled, attemptId: attempt.id },
          undefined,
          now,
        );
      }
    }
    return {
      kind: "applied",
      orderId: order.id,
      orderStatus,
      paymentStatus: status,
      changed,
      refundDue,
      paidNow: orderStatus === "paid" && order.status !== "paid",
      attemptId: attempt.id,
    } as const;
  });
  if (result.kind === "applied" && result.refundDue && provider) await refundPayment(db, provider, { id: result.attemptId });
  // Paid: the order's other open payments are closed, so no more money is taken for it (any that still arrives goes back).
  if (result.kind === "applied" && result.paidNow && provider) await cancelPendingPayments(db, provider, result.orderId, paymentMessages.alreadyPaid);
  if (result.kind === "order_mismatch")
    log.error("a payment names another order than its attempt; ignored", { paymentId: state.paymentId, claimed: state.orderId, orderId: result.orderId });
  else if (result.kind === "applied" && result.changed)
    log.info("payment state applied", { orderId: result.orderId, paymentStatus: result.paymentStatus, orderStatus: result.orderStatus });
  if (result.kind !== "applied") return result;
  const { kind, orderId, orderStatus, paymentStatus, changed } = result;
  return { kind, orderId, orderStatus, paymentStatus, changed };
}

/**
 * Gives back a succeeded payment's whole money through its provider, once: the refund is a row of
 * `refunds` (one whole refund per payment, its own Idempotence-Key), so a repeat, a second
 * notification or another instance finds it instead of refunding twice. A provider failure is kept
 * on the row (last_error) for the operator, and the next call tries again with the same key. Never
 * throws for a provider's failure.
 */
export async function refundPayment(
  db: Database,
  provider: PaymentProvider,
  payment: { id: number },
  reason: string = paymentMessages.refundCancelledOrder,
): Promise<RefundRow> {
  const [attempt] = await db.select().from(payments).where(eq(payments.id, payment.id));
  if (!attempt || attempt.status !== "succeeded" || !attempt.providerPaymentId)
    throw new Error(`Payment attempt ${payment.id} has not succeeded; nothing to refund`);
  if (attempt.provider !== provider.id) throw new Error(`Payment attempt ${payment.id} belongs to ${attempt.provider}, not ${provider.id}`);
  await reserveRefund(db, attempt, reason);
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, attempt.id), isNull(refunds.lines)));
  return sendRefund(db, provider, row!.id);
}

/**
 * Sends one refund row (whole or by lines) to the payment service with its refund receipt, unless
 * the service has answered it already; the answer, or the failure, and the buyer's messages are
 * written together. Never throws for a provider's failure; the next call reuses the row's key.
 */
export async function sendRefund(db: Database, provider: PaymentProvider, refundId: number): Promise<RefundRow> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!row) throw new Error(`No refund ${refundId}`);
  // Money given back by hand (decision 061) has no payment to send it through.
  if (row.status !== "pending" || row.providerRefundId || row.paymentId === null) return row;
  const [attempt] = await db.select().from(payments).where(eq(payments.id, row.paymentId));
  if (!attempt || attempt.status !== "succeeded" || !attempt.providerPaymentId)
    throw new Error(`Payment attempt ${row.paymentId} has not succeeded; nothing to refund`);
  if (attempt.provider !== provider.id) throw new Error(`Payment attempt ${row.paymentId} belongs to ${attempt.provider}, not ${provider.id}`);

  const where = and(eq(refunds.id, row.id), eq(refunds.status, "pending"));
  // The refund's new state and the messages about it are written together.
  const record = (changes: Partial<RefundRow>, event: (order: OrderFacts) => NotificationEvent) =>
    db.transaction(async (tx) => {
      const [updated] = await tx
        .update(refunds)
        .set({ ...changes, updatedAt: new Date() })
        .where(where)
        .returning();
      const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId));
      if (updated && order) await recordNotifications(tx, event(await orderFacts(tx, order)));
      return updated ?? row;
    });
  // The refund receipt goes with the refund (54-FZ): the lines of the money given back.
  const receipt = await prepareRefundReceipt(db, row);
  try {
    const done = await provider.refundPayment({
      paymentId: attempt.providerPaymentId,
      amountRub: row.amount,
      idempotenceKey: row.idempotenceKey,
      description: `Возврат по заказу: ${row.reason}`,
      ...(receipt ? { receipt } : {}),
    });
    await followRefundReceipt(db, row.id, { status: done.status, providerRefundId: done.refundId });
    log.warn("money returned to the buyer", {
      orderId: attempt.orderId,
      paymentId: attempt.providerPaymentId,
      refundId: done.refundId,
      status: done.status,
      amount: row.amount,
      reason: row.reason,
    });
    return await record({ providerRefundId: done.refundId, status: done.status, lastError: null }, (order) => ({
      kind: "refund_made",
      order,
      amount: row.amount,
      refundId: row.id,
    }));
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.warn("refund failed; return the money by hand or try again", { orderId: attempt.orderId, paymentId: attempt.providerPaymentId, reason: error.message });
    await followRefundReceipt(db, row.id, { error: error.message });
    return await record({ lastError: error.message.slice(0, 500) }, (order) => ({
      kind: "refund_failed",
      order,
      amount: row.amount,
      refundId: row.id,
      reason: error.message,
    }));
  }
}

/**
 * Writes a payment's whole refund row (once per payment: a second call keeps the first) without
 * asking the provider; refundPayment then sends it.
 */
export async function reserveRefund(db: Database, attempt: Pick<PaymentRow, "id" | "orderId" | "provider" | "amount">, reason: string): Promise<void> {
  await db
    .insert(refunds)
    .values({ paymentId: attempt.id, orderId: attempt.orderId, provider: attempt.provider, idempotenceKey: randomUUID(), amount: attempt.amount, reason })
    .onConflictDoNothing({ target: refunds.paymentId, where: sql`lines is null` });
}

/**
 * Tries again every refund the provider has not taken yet (it failed or timed out), with its
 * own key; housekeeping calls this hourly. How many now have the provider's answer.
 */
export async function retryPendingRefunds(db: Database, provider: PaymentProvider): Promise<number> {
  const waiting = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, "pending"), isNull(refunds.providerRefundId), eq(refunds.provider, provider.id)))
    .orderBy(asc(refunds.id))
    .limit(100);
  let answered = 0;
  for (const refund of waiting) if ((await sendRefund(db, provider, refund.id)).providerRefundId) answered++;
  return answered;
}

/** Every refund of the order, oldest first (the operator's view). */
export async function listRefunds(db: Database, orderId: number): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export type CancelledPayments = { cancelled: number; refunded: RefundRow[] };

/**
 * Called once an unpaid order is cancelled, or paid by one of its attempts: every other attempt that could still take money is
 * cancelled at the provider where it can be (the sandbox; YooKassa two-stage payments), and
 * marked canceled here in any case, so the shop takes no money for it; one that was paid
 * first is recorded and refunded (applyPaymentState). A provider failure is logged; the
 * attempt is marked all the same, and money that still arrives is refunded.
 */
export async function cancelPendingPayments(
  db: Database,
  provider: PaymentProvider,
  orderId: number,
  reason: string = paymentMessages.cancelled,
): Promise<CancelledPayments> {
  const open = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ["pending", "waiting_for_capture"])))
    .orderBy(asc(payments.id));
  let cancelled = 0;
  for (const attempt of open) {
    let state: PaymentState | undefined;
    if (attempt.providerPaymentId && attempt.provider === provider.id) {
      try {
        state = await provider.cancelPayment(attempt.providerPaymentId, `cancel-${attempt.idempotenceKey}`.slice(0, 64));
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        log.warn("payment not cancelled at the provider; marked canceled here", { orderId, paymentId: attempt.providerPaymentId, reason: error.message });
      }
    }
    if (state?.status === "succeeded") {
      await applyPaymentState(db, provider.id, state, provider);
      continue;
    }
    const marked = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(payments)
        .set({ status: "canceled", failureReason: reason, updatedAt: new Date() })
        .where(and(eq(payments.id, attempt.id), inArray(payments.status, ["pending", "waiting_for_capture"])))
        .returning({ id: payments.id });
      if (row) await followPaymentReceipt(tx, row.id, "canceled");
      return row;
    });
    if (marked) cancelled++;
  }
  return { cancelled, refunded: (await listRefunds(db, orderId)).filter((refund) => open.some((attempt) => attempt.id === refund.paymentId)) };
}

export type OrderPaymentState = {
  orderStatus: OrderStatus;
  /** The newest attempt, or null when the order has none (payment on receipt, or not started). */
  payment: {
    status: PaymentStatus;
    failureReason: string | null;
    amount: number;
    /** The provider's page where a pending attempt can still be paid; null otherwise. */
    confirmationUrl: string | null;
  } | null;
};

/** /thanks asks the provider about one payment at most this often, however often the page is loaded. */
export const PAYMENT_CHECK_INTERVAL_MS = 10_000;

/**
 * Takes this payment's turn to ask the provider: true when nobody (on any instance) asked in the
 * last PAYMENT_CHECK_INTERVAL_MS. Kept in the database, so no in-process map grows with orders.
 */
async function claimProviderCheck(db: Database, paymentRowId: number, now: Date): Promise<boolean> {
  const claimed = await db
    .update(payments)
    .set({ checkedAt: now })
    .where(and(eq(payments.id, paymentRowId), or(isNull(payments.checkedAt), lte(payments.checkedAt, new Date(now.getTime() - PAYMENT_CHECK_INTERVAL_MS)))))
    .returning({ id: payments.id });
  return claimed.length > 0;
}

/**
 * The order's payment as the provider sees it now (asked at most once per
 * PAYMENT_CHECK_INTERVAL_MS per order): a newest attempt that is not final is
 * asked again and the answer applied. /thanks calls this from its loader, a GET that may
 * write: it only records what the provider has already decided (exactly what the webhook
 * would record, idempotently), because the buyer often returns before the notification.
 * A provider failure leaves the stored state. Undefined for an unknown order; the caller
 * checks that the order is the buyer's.
 */
export async function refreshOrderPayment(
  db: Database,
  provider: PaymentProvider,
  orderId: number,
  options: { now?: Date } = {},
): Promise<OrderPaymentState | undefined> {
  let latest = await latestPayment(db, orderId);
  if (
    latest &&
    latest.provider === provider.id &&
    latest.providerPaymentId &&
    !isFinalPaymentStatus(latest.status) &&
    (await claimProviderCheck(db, latest.id, options.now ?? new Date()))
  ) {
    try {
      const applied = await applyPaymentState(db, provider.id, await provider.getPayment(latest.providerPaymentId), provider);
      if (applied.kind === "applied") latest = await latestPayment(db, orderId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.warn("payment state not refreshed; showing the stored one", { orderId, provider: provider.id, reason: error.message });
    }
  }
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  return {
    orderStatus: order.status,
    payment: latest
      ? {
          status: latest.status,
          failureReason: latest.failureReason,
          amount: latest.amount,
          confirmationUrl: latest.status === "pending" ? latest.confirmationUrl : null,
        }
      : null,
  };
}

/**
 * The sandbox page's buttons: the sandbox service decides the payment, then the shop records
 * the outcome as it records a provider's notification. Returns where to send the buyer (a
 * path when it is on the shop's own origin), or undefined for an unknown payment.
 */
export async function completeSandboxPayment(db: Database, paymentId: string, decision: SandboxDecision, publicUrl: string): Promise<string | undefined> {
  const decided = await decideSandboxPayment(db, paymentId, decision);
  if (!decided) return undefined;
  const sandbox = createSandboxProvider(db, { publicUrl });
  await applyPaymentState(db, "sandbox", await sandbox.getPayment(paymentId), sandbox);
  return returnPath(decided.returnUrl, publicUrl);
}

export type NotificationAnswer = { status: number; code: string; message: string };

/**
 * A YooKassa HTTP notification (webhook.server.ts checks it and fetches the payment again):
 * 200 for what was recorded or may be ignored (a duplicate, another event), so YooKassa stops
 * sending it; 4xx for what is refused; 503 when YooKassa itself cannot be asked, and 404 for a
 * payment the shop has not recorded yet, so that YooKassa delivers it again later.
 */
export async function receiveYooKassaNotification(db: Database, provider: PaymentProvider, body: unknown, ip: string | null): Promise<NotificationAnswer> {
  let verified;
  try {
    verified = await verifyNotification(provider, body, ip);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.warn("payment notification: the payment could not be fetched", { kind: error.kind, reason: error.message });
    if (error.kind === "not_found") return { status: 404, code: "unknown_payment", message: "Платёж не найден в ЮKassa" };
    return { status: 503, code: "provider_unavailable", message: "ЮKassa сейчас не отвечает; уведомление будет принято при следующей отправке" };
  }
  if (!verified.ok) {
    log.warn("payment notification refused", { reason: verified.reason, detail: verified.detail });
    switch (verified.reason) {
      case "foreign_address":
        return { status: 403, code: "forbidden_source", message: "Уведомления принимаются только с адресов ЮKassa" };
      case "unsupported_event":
        return { status: 200, code: "ignored", message: "Событие не обрабатывается" };
      case "malformed":
        return { status: 400, code: "bad_notification", message: "Неверный формат уведомления" };
      case "payment_mismatch":
        return { status: 422, code: "payment_mismatch", message: "ЮKassa вернула другой платёж" };
    }
  }
  const applied = await applyPaymentState(db, provider.id, verified.payment, provider);
  if (applied.kind === "unknown_payment") {
    log.warn("payment notification for a payment the shop has not recorded", { paymentId: verified.payment.paymentId });
    return { status: 404, code: "unknown_payment", message: "Платёж не найден в магазине" };
  }
  if (applied.kind === "order_mismatch") return { status: 422, code: "order_mismatch", message: "Платёж относится к другому заказу" };
  return { status: 200, code: "accepted", message: "Уведомление принято" };
}
