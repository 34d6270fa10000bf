import { randomUUID } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import { type AppConfig, getConfig } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import { type OrderStatus, orderLines, orders, payments, products } from "../db/schema.ts";
import { PAYMENT_IDS } from "../delivery/rules.ts";
import { log } from "../shared/log.server.ts";
import { recordNotifications } from "../notifications/outbox.server.ts";
import { isPaymentOverdue, orderFacts, PAYMENT_EXPIRED_REASON, recordOrderStep } from "../orders/lifecycle.server.ts";
import {
  type CreatedPayment,
  type CreatePaymentInput,
  isFinalPaymentStatus,
  PAYMENT_FAILED_MESSAGE,
  type PaymentItem,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentProviderId,
  type PaymentState,
  type PaymentStatus,
} from "./provider.ts";
import { createSandboxProvider, decideSandboxPayment, returnPath, type SandboxDecision } from "./sandbox.server.ts";
import { verifyNotification } from "./webhook.server.ts";
import { createYooKassaProvider } from "./yookassa.server.ts";

/**
 * The shop's side of online payment (payment id 4, ARCHITECTURE section 5): every attempt to
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
  expired: `${PAYMENT_EXPIRED_REASON}: заказ будет отменён, монеты вернутся в продажу. Оформите заказ заново.`,
} as const;

export type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The configured provider: the sandbox on this database, or YooKassa with the shop's credentials. */
export function getPaymentProvider(db: Database, config: Pick<AppConfig, "payments" | "publicUrl"> = getConfig()): PaymentProvider {
  const { payments: settings } = config;
  if (settings.provider === "sandbox") return createSandboxProvider(db, { publicUrl: config.publicUrl });
  const { shopId, secretKey, baseUrl, includedVatCode } = settings.yookassa;
  // parseConfig refuses PAYMENT_PROVIDER=yookassa without both.
  if (!shopId || !secretKey) throw new Error("YooKassa needs YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY");
  return createYooKassaProvider({ shopId, secretKey, baseUrl, timeoutMs: settings.timeoutMs, includedVatCode });
}

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

/** The receipt of an order: its coins with their VAT, and the delivery as a service when it costs anything. */
async function receiptItems(tx: Transaction, order: OrderRow): Promise<PaymentItem[]> {
  const lines = await tx
    .select({ name: orderLines.name, quantity: orderLines.quantity, price: orderLines.price, vat: products.vat })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const items: PaymentItem[] = lines.map((line) => ({ name: line.name, quantity: line.quantity, priceRub: line.price, vat: line.vat }));
  if (order.deliveryTotal > 0) items.push({ name: "Доставка", quantity: 1, priceRub: order.deliveryTotal, vat: "included", subject: "service" });
  return items;
}

export type StartPaymentResult = { kind: "redirect"; url: string } | { kind: "failed"; reason: string };

/**
 * Starts paying an order online: records a new attempt with a fresh idempotence key, asks
 * the provider for a payment and answers where to send the buyer. A still-pending attempt
 * of the same amount is reused (the buyer came back and pressed 'pay' again), so one order
 * does not get two live payments. A provider failure keeps the order and marks the attempt
 * canceled with the reason for /payment-error. The caller checks the order is the buyer's.
 */
export async function startPayment(db: Database, provider: PaymentProvider, order: { id: number }, options: { publicUrl: string }): Promise<StartPaymentResult> {
  const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
  if (!current) return { kind: "failed", reason: paymentMessages.notFound };
  const refused = refusal(current);
  if (refused) return { kind: "failed", reason: refused };
  const reused = await reusePendingAttempt(db, provider, current);
  if (reused) return reused;

  const prepared = await db.transaction(async (tx) => {
    // Checked again under the lock: the operator may have cancelled it meanwhile.
    const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    if (!row) return { kind: "failed", reason: paymentMessages.notFound } as const;
    const refusedNow = refusal(row);
    if (refusedNow) return { kind: "failed", reason: refusedNow } as const;
    const items = await receiptItems(tx, row);
    const [attempt] = await tx
      .insert(payments)
      .values({ orderId: row.id, provider: provider.id, idempotenceKey: randomUUID(), status: "pending", amount: row.total })
      .returning();
    const input: CreatePaymentInput = {
      orderId: String(row.id),
      amountRub: row.total,
      description: `Заказ №${row.number}`,
      returnUrl: `${options.publicUrl.replace(/\/+$/, "")}/thanks?order=${row.id}`,
      idempotenceKey: attempt!.idempotenceKey,
      customer: { email: row.contact.email || undefined, phone: row.contact.phone || undefined },
      items,
    };
    return { kind: "prepared", attempt: attempt!, input } as const;
  });
  if (prepared.kind === "failed") return prepared;
  const { attempt, input } = prepared;

  // The provider is asked outside the transaction: no lock is held across the network.
  let created: CreatedPayment;
  try {
    created = await provider.createPayment(input);
  } catch (error) {
    const reason = error instanceof PaymentProviderError ? error.userMessage : PAYMENT_FAILED_MESSAGE;
    await db.update(payments).set({ status: "canceled", failureReason: reason, updatedAt: new Date() }).where(eq(payments.id, attempt.id));
    if (!(error instanceof PaymentProviderError)) throw error;
    log.warn("payment not created; the order waits for another attempt", { orderId: attempt.orderId, provider: provider.id, kind: error.kind, reason: error.message });
    return { kind: "failed", reason };
  }

  await db
    .update(payments)
    .set({ providerPaymentId: created.paymentId, status: created.status, confirmationUrl: created.confirmationUrl, updatedAt: new Date() })
    .where(eq(payments.id, attempt.id));
  log.info("payment started", { orderId: attempt.orderId, provider: provider.id, paymentId: created.paymentId, status: created.status });

  if (created.status === "pending" || created.status === "waiting_for_capture") {
    if (created.confirmationUrl) return { kind: "redirect", url: created.confirmationUrl };
    // A provider that wants no confirmation step: the return page reads the outcome.
    return { kind: "redirect", url: input.returnUrl };
  }
  // Already final (a provider may decide at once): record it as any other answer.
  const state = await provider.getPayment(created.paymentId).catch(() => undefined);
  if (state) await applyPaymentState(db, provider.id, state);
  if (created.status === "succeeded") return { kind: "redirect", url: input.returnUrl };
  return { kind: "failed", reason: state?.failureReason ?? paymentMessages.canceled };
}

/**
 * The newest attempt, when it is still pending on this provider with a confirmation page and
 * the order's amount: asked again, and its page reused while the provider says it is pending.
 */
async function reusePendingAttempt(db: Database, provider: PaymentProvider, order: OrderRow): Promise<StartPaymentResult | undefined> {
  const latest = await latestPayment(db, order.id);
  if (!latest || latest.provider !== provider.id || isFinalPaymentStatus(latest.status) || !latest.providerPaymentId || !latest.confirmationUrl) return undefined;
  if (order.total !== latest.amount) return undefined;
  let state: PaymentState;
  try {
    state = await provider.getPayment(latest.providerPaymentId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.kind === "not_found") return undefined;
    return { kind: "failed", reason: error.userMessage };
  }
  const applied = await applyPaymentState(db, provider.id, state);
  if (applied.kind !== "applied") return undefined;
  if (applied.paymentStatus === "pending" || applied.paymentStatus === "waiting_for_capture") return { kind: "redirect", url: latest.confirmationUrl };
  if (applied.orderStatus !== "awaiting_payment") return { kind: "failed", reason: refusal({ ...order, status: applied.orderStatus }) ?? paymentMessages.notPayable };
  // Canceled (or succeeded with a wrong amount): a new attempt.
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
export async function applyPaymentState(db: Database, providerId: PaymentProviderId, state: PaymentState): Promise<ApplyPaymentResult> {
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
    }

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
        await recordOrderStep(tx as unknown as Database, paid!, { status: "paid", actor: "payment", now });
        changed = true;
      } else if (attempt.status !== "succeeded") {
        // Money arrived for an order that is paid already or cancelled: the operator refunds it.
        log.error("a payment succeeded for an order that no longer awaits payment; refund it", {
          orderId: order.id,
          orderStatus: order.status,
          paymentId: state.paymentId,
        });
      }
    }

    if (status !== attempt.status || failureReason !== attempt.failureReason) {
      await tx.update(payments).set({ status, failureReason, updatedAt: now }).where(eq(payments.id, attempt.id));
      changed = true;
      // The buyer hears of a failed payment while the order can still be paid.
      if (status === "canceled" && attempt.status !== "canceled" && orderStatus === "awaiting_payment") {
        const facts = await orderFacts(tx as unknown as Database, order);
        await recordNotifications(tx as unknown as Database, { kind: "payment_failed", order: facts, reason: failureReason ?? paymentMessages.canceled, attemptId: attempt.id }, undefined, now);
      }
    }
    return { kind: "applied", orderId: order.id, orderStatus, paymentStatus: status, changed } as const;
  });
  if (result.kind === "order_mismatch") log.error("a payment names another order than its attempt; ignored", { paymentId: state.paymentId, claimed: state.orderId, orderId: result.orderId });
  else if (result.kind === "applied" && result.changed) log.info("payment state applied", { orderId: result.orderId, paymentStatus: result.paymentStatus, orderStatus: result.orderStatus });
  return result;
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

/**
 * The order's payment as the provider sees it now: a newest attempt that is not final is
 * asked again and the answer applied. /thanks calls this from its loader, a GET that may
 * write: it only records what the provider has already decided (exactly what the webhook
 * would record, idempotently), because the buyer often returns before the notification.
 * A provider failure leaves the stored state. Undefined for an unknown order; the caller
 * checks that the order is the buyer's.
 */
export async function refreshOrderPayment(db: Database, provider: PaymentProvider, orderId: number): Promise<OrderPaymentState | undefined> {
  let latest = await latestPayment(db, orderId);
  if (latest && latest.provider === provider.id && latest.providerPaymentId && !isFinalPaymentStatus(latest.status)) {
    try {
      const applied = await applyPaymentState(db, provider.id, await provider.getPayment(latest.providerPaymentId));
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
  await applyPaymentState(db, "sandbox", await createSandboxProvider(db, { publicUrl }).getPayment(paymentId));
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
  const applied = await applyPaymentState(db, provider.id, verified.payment);
  if (applied.kind === "unknown_payment") {
    log.warn("payment notification for a payment the shop has not recorded", { paymentId: verified.payment.paymentId });
    return { status: 404, code: "unknown_payment", message: "Платёж не найден в магазине" };
  }
  if (applied.kind === "order_mismatch") return { status: 422, code: "order_mismatch", message: "Платёж относится к другому заказу" };
  return { status: 200, code: "accepted", message: "Уведомление принято" };
}
