import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { placeTestOrder } from "#tests/support/orders.ts";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { orders, payments, sandboxPayments } from "../db/schema.ts";
import { log } from "../shared/log.server.ts";
import {
  applyPaymentState,
  cancelPendingPayments,
  completeSandboxPayment,
  latestPayment,
  listPayments,
  listRefunds,
  PAYMENT_CHECK_INTERVAL_MS,
  paymentMessages,
  receiveYooKassaNotification,
  refreshOrderPayment,
  refundPayment,
  retryPendingRefunds,
  startPayment,
} from "./payments.server.ts";
import { getPaymentProvider } from "../payments/configured-provider.server.ts";
import {
  type CreatePaymentInput,
  PAYMENT_RETRY_MESSAGE,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentState,
  type RefundInput,
} from "../payments/provider.ts";
import { createSandboxProvider, decideSandboxPayment, SANDBOX_CANCELED_MESSAGE } from "../payments/sandbox.server.ts";

const PUBLIC_URL = "https://shop.example";
const database = withTempDatabase("payments-test", async ({ db }) => {
  await productsSeeder.run(db);
});
const db = () => database.handle.db;

/** The sandbox, with every createPayment input kept for the assertions. */
function recordingSandbox() {
  const inner = createSandboxProvider(db(), { publicUrl: PUBLIC_URL });
  const inputs: CreatePaymentInput[] = [];
  const provider: PaymentProvider = {
    id: "sandbox",
    createPayment: (input) => {
      inputs.push(input);
      return inner.createPayment(input);
    },
    getPayment: (id) => inner.getPayment(id),
    cancelPayment: (id, key) => inner.cancelPayment(id, key),
    refundPayment: (input) => inner.refundPayment(input),
    createSettlementReceipt: (input) => inner.createSettlementReceipt(input),
    getReceipt: (id) => inner.getReceipt(id),
  };
  return { provider, inputs };
}

const sandboxIdOf = (url: string) => url.split("/").pop()!;

async function orderStatus(orderId: number) {
  const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row!.status;
}

/** What the sandbox page does: decide, then apply the provider's state. */
async function decide(provider: PaymentProvider, url: string, decision: "pay" | "cancel") {
  const id = sandboxIdOf(url);
  await decideSandboxPayment(db(), id, decision);
  return applyPaymentState(db(), "sandbox", await provider.getPayment(id));
}

beforeEach(() => {
  vi.spyOn(log, "info").mockImplementation(() => {});
  vi.spyOn(log, "warn").mockImplementation(() => {});
  vi.spyOn(log, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("starting a payment", () => {
  it("records an attempt and sends the buyer to the sandbox page, with a receipt of the order's lines, VAT and delivery", async () => {
    const order = await placeTestOrder(db(), {
      lines: [
        { productId: 1, quantity: 2 },
        { productId: 8, quantity: 1 },
      ],
      deliveryTotal: 450,
    });
    const { provider, inputs } = recordingSandbox();
    const result = await startPayment(db(), provider, { id: order.orderId }, { publicUrl: `${PUBLIC_URL}/` });
    expect(result.kind).toBe("redirect");
    const url = (result as { url: string }).url;
    expect(url).toMatch(/^https:\/\/shop\.example\/payment\/sandbox\/[0-9a-f-]{36}$/);

    expect(inputs).toHaveLength(1);
    const input = inputs[0]!;
    expect(input).toMatchObject({
      orderId: String(order.orderId),
      amountRub: order.total,
      description: `Заказ №${order.number}`,
      returnUrl: `${PUBLIC_URL}/thanks?order=${order.orderId}`,
      customer: { email: "ivan@example.ru", phone: order.phone },
    });
    expect(input.items.map(({ quantity, vat, subject }) => ({ quantity, vat, subject }))).toEqual([
      { quantity: 2, vat: "exempt", subject: "commodity" },
      { quantity: 1, vat: "vat22", subject: "commodity" },
      { quantity: 1, vat: "vat22", subject: "service" },
    ]);
    expect(input.items[2]).toMatchObject({ name: "Доставка", priceRub: 450 });
    expect(input.items.reduce((sum, item) => sum + item.priceRub * item.quantity, 0)).toBe(order.total);

    const attempt = await latestPayment(db(), order.orderId);
    expect(attempt).toMatchObject({
      provider: "sandbox",
      status: "pending",
      amount: order.total,
      providerPaymentId: sandboxIdOf(url),
      confirmationUrl: url,
      failureReason: null,
    });
    expect(attempt!.idempotenceKey).toBe(input.idempotenceKey);
    expect(await orderStatus(order.orderId)).toBe("awaiting_payment");
  });

  it("sends a buyer who presses 'pay' again to the same pending payment, not a second one", async () => {
    const order = await placeTestOrder(db());
    const { provider, inputs } = recordingSandbox();
    const first = await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
    const second = await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
    expect(second).toEqual(first);
    expect(inputs).toHaveLength(1);
    expect(await listPayments(db(), order.orderId)).toHaveLength(1);
  });

  it("refuses an order that is paid, cancelled, or paid on receipt, with a reason", async () => {
    const { provider, inputs } = recordingSandbox();
    const paid = await placeTestOrder(db());
    const started = await startPayment(db(), provider, { id: paid.orderId }, { publicUrl: PUBLIC_URL });
    await decide(provider, (started as { url: string }).url, "pay");
    expect(await startPayment(db(), provider, { id: paid.orderId }, { publicUrl: PUBLIC_URL })).toEqual({ kind: "failed", reason: "Заказ уже оплачен." });

    const cancelled = await placeTestOrder(db());
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, cancelled.orderId));
    expect(await startPayment(db(), provider, { id: cancelled.orderId }, { publicUrl: PUBLIC_URL })).toEqual({
      kind: "failed",
      reason: paymentMessages.cancelled,
    });

    const onReceipt = await placeTestOrder(db(), { paymentId: 6 });
    expect(await orderStatus(onReceipt.orderId)).toBe("new");
    expect(await startPayment(db(), provider, { id: onReceipt.orderId }, { publicUrl: PUBLIC_URL })).toEqual({
      kind: "failed",
      reason: paymentMessages.onReceipt,
    });

    expect(await startPayment(db(), provider, { id: 999_999 }, { publicUrl: PUBLIC_URL })).toEqual({ kind: "failed", reason: paymentMessages.notFound });
    expect(inputs).toHaveLength(1);
    expect(await listPayments(db(), cancelled.orderId)).toEqual([]);
  });

  it("keeps the order when the provider fails, marks the attempt canceled with the reason, and lets the buyer try again", async () => {
    const order = await placeTestOrder(db());
    const down: PaymentProvider = {
      id: "sandbox",
      createPayment: () => Promise.reject(new PaymentProviderError("timed out", { provider: "sandbox", kind: "unavailable", retryable: true })),
      getPayment: () => Promise.reject(new Error("not used")),
      cancelPayment: () => Promise.reject(new Error("not used")),
      refundPayment: () => Promise.reject(new Error("not used")),
      createSettlementReceipt: () => Promise.reject(new Error("not used")),
      getReceipt: () => Promise.reject(new Error("not used")),
    };
    expect(await startPayment(db(), down, { id: order.orderId }, { publicUrl: PUBLIC_URL })).toEqual({ kind: "failed", reason: PAYMENT_RETRY_MESSAGE });
    expect(await orderStatus(order.orderId)).toBe("awaiting_payment");
    expect(await latestPayment(db(), order.orderId)).toMatchObject({ status: "canceled", failureReason: PAYMENT_RETRY_MESSAGE, providerPaymentId: null });

    const { provider } = recordingSandbox();
    const again = await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
    expect(again.kind).toBe("redirect");
    expect(await listPayments(db(), order.orderId)).toHaveLength(2);
  });
});

describe("applying the provider's word", () => {
  it("pay: the order becomes paid", async () => {
    const order = await placeTestOrder(db());
    const { provider } = recordingSandbox();
    const started = await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
    const applied = await decide(provider, (started as { url: string }).url, "pay");
    expect(applied).toEqual({ kind: "applied", orderId: order.orderId, orderStatus: "paid", paymentStatus: "succeeded", changed: true });
    expect(await orderStatus(order.orderId)).toBe("paid");
    expect(await refreshOrderPayment(db(), provider, order.orderId)).toEqual({
      orderStatus: "paid",
      payment: { status: "succeeded", failureReason: null, amount: order.total, confirmationUrl: null },
    });
  });

  it("cancel: the order still awaits payment, the reason is kept, and a new attempt can be paid", async () => {
    const order = await placeTestOrder(db());
    const { provider } = recordingSandbox();
    const first = (await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL })) as { url: string };
    expect(await decide(provider, first.url, "cancel")).toMatchObject({ orderStatus: "awaiting_payment", paymentStatus: "canceled" });
    expect(await refreshOrderPayment(db(), provider, order.orderId)).toEqual({
      orderStatus: "awaiting_payment",
      payment: { status: "canceled", failureReason: SANDBOX_CANCELED_MESSAGE, amount: order.total, confirmationUrl: null },
    });

    const second = (await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL })) as { kind: string; url: string };
    expect(second.kind).toBe("redirect");
    expect(second.url).not.toBe(first.url);
    await decide(provider, second.url, "pay");
    expect(await orderStatus(order.orderId)).toBe("paid");
    expect((await listPayments(db(), order.orderId)).map((attempt) => attempt.status)).toEqual(["canceled", "succeeded"]);
  });

  it("never marks the order paid for another amount than its total", async () => {
    const order = await placeTestOrder(db());
    const { provider } = recordingSandbox();
    const { url } = (await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL })) as { url: string };
    const paymentId = sandboxIdOf(url);
    const applied = await applyPaymentState(db(), "sandbox", {
      paymentId,
      status: "succeeded",
      amountRub: order.total - 1,
      orderId: String(order.orderId),
      paid: true,
    });
    expect(applied).toMatchObject({ kind: "applied", orderStatus: "awaiting_payment", paymentStatus: "succeeded" });
    expect(await orderStatus(order.orderId)).toBe("awaiting_payment");
    expect(await latestPayment(db(), order.orderId)).toMatchObject({ status: "succeeded", failureReason: paymentMessages.amountMismatch });
    expect(log.error).toHaveBeenCalledWith(
      expect.stringContaining("amount"),
      expect.objectContaining({ orderId: order.orderId, paid: order.total - 1, total: order.total }),
    );
  });

  it("takes duplicates and late deliveries harmlessly: nothing moves backwards", async () => {
    const order = await placeTestOrder(db());
    const { provider } = recordingSandbox();
    const { url } = (await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL })) as { url: string };
    const paymentId = sandboxIdOf(url);
    const succeeded = { paymentId, status: "succeeded" as const, amountRub: order.total, orderId: String(order.orderId), paid: true };
    expect(await applyPaymentState(db(), "sandbox", succeeded)).toMatchObject({ orderStatus: "paid", changed: true });
    expect(await applyPaymentState(db(), "sandbox", succeeded)).toMatchObject({ orderStatus: "paid", paymentStatus: "succeeded", changed: false });
    // A stale "pending" or a forged "canceled" after success changes nothing.
    expect(await applyPaymentState(db(), "sandbox", { ...succeeded, status: "pending", paid: false })).toMatchObject({
      orderStatus: "paid",
      paymentStatus: "succeeded",
      changed: false,
    });
    expect(await applyPaymentState(db(), "sandbox", { ...succeeded, status: "canceled", paid: false })).toMatchObject({
      orderStatus: "paid",
      paymentStatus: "succeeded",
      changed: false,
    });
    // The operator moves the order on; a repeated notification does not pull it back to paid.
    await db().update(orders).set({ status: "shipped" }).where(eq(orders.id, order.orderId));
    expect(await applyPaymentState(db(), "sandbox", succeeded)).toMatchObject({ orderStatus: "shipped", changed: false });
    expect(await orderStatus(order.orderId)).toBe("shipped");
  });

  it("leaves a cancelled order cancelled when its payment succeeds late, and records the refund due", async () => {
    const order = await placeTestOrder(db());
    const { provider } = recordingSandbox();
    const { url } = (await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL })) as { url: string };
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.orderId));
    expect(await decide(provider, url, "pay")).toMatchObject({ orderStatus: "cancelled", paymentStatus: "succeeded" });
    expect(await orderStatus(order.orderId)).toBe("cancelled");
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("refunding"), expect.objectContaining({ orderId: order.orderId }));
    // Without a provider at hand the refund waits on record (the operator sees it in `orders show`).
    expect(await listRefunds(db(), order.orderId)).toEqual([expect.objectContaining({ status: "pending", amount: order.total, providerRefundId: null })]);
  });

  it("refunds on its own a payment that succeeds for a cancelled order, once, however often it is reported", async () => {
    const order = await placeTestOrder(db());
    const { provider } = recordingSandbox();
    let refunded = 0;
    const counting: PaymentProvider = { ...provider, refundPayment: (input) => (refunded++, provider.refundPayment(input)) };
    const { url } = (await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL })) as { url: string };
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.orderId));
    await decideSandboxPayment(db(), sandboxIdOf(url), "pay");
    const state = await provider.getPayment(sandboxIdOf(url));
    // The return page, the page again and a late duplicate report: one refund.
    await Promise.all([applyPaymentState(db(), "sandbox", state, counting), applyPaymentState(db(), "sandbox", state, counting)]);
    await applyPaymentState(db(), "sandbox", state, counting);
    expect(refunded).toBe(1);
    expect(await listRefunds(db(), order.orderId)).toEqual([
      expect.objectContaining({ status: "succeeded", amount: order.total, providerRefundId: `refund-${sandboxIdOf(url)}` }),
    ]);
    const [book] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, sandboxIdOf(url)));
    expect(book!.refundedAmount).toBe(order.total);
    expect(await orderStatus(order.orderId)).toBe("cancelled");
  });

  it("keeps a refund the provider refused on record for the operator and tries again with the same key", async () => {
    const order = await placeTestOrder(db());
    const { provider } = recordingSandbox();
    const keys: string[] = [];
    const flaky: PaymentProvider = {
      ...provider,
      refundPayment: (input) => {
        // Other tests' refunds waiting in this database pass straight through.
        if (input.paymentId !== sandboxIdOf(url)) return provider.refundPayment(input);
        keys.push(input.idempotenceKey);
        return keys.length === 1
          ? Promise.reject(new PaymentProviderError("down", { provider: "sandbox", kind: "unavailable", retryable: true }))
          : provider.refundPayment(input);
      },
    };
    const { url } = (await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL })) as { url: string };
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.orderId));
    await decideSandboxPayment(db(), sandboxIdOf(url), "pay");
    await applyPaymentState(db(), "sandbox", await provider.getPayment(sandboxIdOf(url)), flaky);
    expect(await listRefunds(db(), order.orderId)).toEqual([expect.objectContaining({ status: "pending", lastError: "down" })]);
    expect(log.warn).toHaveBeenCalledWith("refund failed; return the money by hand or try again", expect.objectContaining({ orderId: order.orderId }));
    // Housekeeping's hourly round tries it again, with the same key.
    expect(await retryPendingRefunds(db(), flaky)).toBeGreaterThanOrEqual(1);
    expect(await listRefunds(db(), order.orderId)).toEqual([expect.objectContaining({ status: "succeeded", lastError: null })]);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    const attempt = (await latestPayment(db(), order.orderId))!;
    expect(await refundPayment(db(), flaky, attempt)).toMatchObject({ status: "succeeded" });
    expect(keys).toHaveLength(2);
  });

  it("ignores an unknown payment and one that names another order", async () => {
    const order = await placeTestOrder(db());
    const other = await placeTestOrder(db());
    const { provider } = recordingSandbox();
    const { url } = (await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL })) as { url: string };
    const state = { paymentId: sandboxIdOf(url), status: "succeeded" as const, amountRub: order.total, orderId: String(other.orderId), paid: true };
    expect(await applyPaymentState(db(), "sandbox", state)).toEqual({ kind: "order_mismatch", orderId: order.orderId });
    expect(await applyPaymentState(db(), "sandbox", { ...state, paymentId: "not-ours" })).toEqual({ kind: "unknown_payment" });
    // The same id under another provider is not this attempt.
    expect(await applyPaymentState(db(), "yookassa", { ...state, orderId: String(order.orderId) })).toEqual({ kind: "unknown_payment" });
    expect(await orderStatus(order.orderId)).toBe("awaiting_payment");
    expect(await latestPayment(db(), order.orderId)).toMatchObject({ status: "pending" });
  });
});

describe("refreshing an order's payment (the return page)", () => {
  it("reads a decision the shop has not heard of yet from the provider", async () => {
    const order = await placeTestOrder(db());
    const { provider } = recordingSandbox();
    const { url } = (await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL })) as { url: string };
    expect(await refreshOrderPayment(db(), provider, order.orderId)).toMatchObject({ orderStatus: "awaiting_payment", payment: { status: "pending" } });
    // Paid on the provider's side only: the notification has not come.
    await decideSandboxPayment(db(), sandboxIdOf(url), "pay");
    expect(await orderStatus(order.orderId)).toBe("awaiting_payment");
    // The provider is asked again once the throttle interval has passed.
    const later = new Date(Date.now() + PAYMENT_CHECK_INTERVAL_MS + 1);
    expect(await refreshOrderPayment(db(), provider, order.orderId, { now: later })).toMatchObject({ orderStatus: "paid", payment: { status: "succeeded" } });
    expect(await orderStatus(order.orderId)).toBe("paid");
  });

  it("asks the provider about an order at most once per 10 s, however often /thanks is loaded", async () => {
    const order = await placeTestOrder(db());
    const { provider: sandbox } = recordingSandbox();
    await startPayment(db(), sandbox, { id: order.orderId }, { publicUrl: PUBLIC_URL });
    let asked = 0;
    const counting: PaymentProvider = { ...sandbox, getPayment: (id) => (asked++, sandbox.getPayment(id)) };
    const start = Date.now();
    const at = (ms: number) => ({ now: new Date(start + ms) });
    await Promise.all(Array.from({ length: 20 }, () => refreshOrderPayment(db(), counting, order.orderId, at(0))));
    expect(asked).toBe(1);
    for (const ms of [1_000, 5_000, 9_999]) await refreshOrderPayment(db(), counting, order.orderId, at(ms));
    expect(asked).toBe(1);
    expect(await refreshOrderPayment(db(), counting, order.orderId, at(10_000))).toMatchObject({ payment: { status: "pending" } });
    expect(asked).toBe(2);
    // Another order has its own turn.
    const other = await placeTestOrder(db());
    await startPayment(db(), sandbox, { id: other.orderId }, { publicUrl: PUBLIC_URL });
    await refreshOrderPayment(db(), counting, other.orderId, at(10_001));
    expect(asked).toBe(3);
  });

  it("shows the stored state when the provider does not answer, and null without an attempt", async () => {
    const order = await placeTestOrder(db());
    const { provider } = recordingSandbox();
    await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
    const down: PaymentProvider = {
      id: "sandbox",
      createPayment: () => Promise.reject(new Error("not used")),
      getPayment: () => Promise.reject(new PaymentProviderError("down", { provider: "sandbox", kind: "unavailable", retryable: true })),
      cancelPayment: () => Promise.reject(new Error("not used")),
      refundPayment: () => Promise.reject(new Error("not used")),
      createSettlementReceipt: () => Promise.reject(new Error("not used")),
      getReceipt: () => Promise.reject(new Error("not used")),
    };
    expect(await refreshOrderPayment(db(), down, order.orderId)).toMatchObject({ orderStatus: "awaiting_payment", payment: { status: "pending" } });

    const untouched = await placeTestOrder(db());
    expect(await refreshOrderPayment(db(), provider, untouched.orderId)).toEqual({ orderStatus: "awaiting_payment", payment: null });
    expect(await refreshOrderPayment(db(), provider, 999_999)).toBeUndefined();
  });
});

describe("the sandbox page's buttons", () => {
  it("decide the payment, record it for the order and send the buyer back to the shop's return page", async () => {
    const order = await placeTestOrder(db());
    const { provider } = recordingSandbox();
    const { url } = (await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL })) as { url: string };
    expect(await completeSandboxPayment(db(), sandboxIdOf(url), "pay", PUBLIC_URL)).toBe(`/thanks?order=${order.orderId}`);
    expect(await orderStatus(order.orderId)).toBe("paid");
    // Pressed again (the back button): still paid, same way back.
    expect(await completeSandboxPayment(db(), sandboxIdOf(url), "cancel", PUBLIC_URL)).toBe(`/thanks?order=${order.orderId}`);
    expect(await latestPayment(db(), order.orderId)).toMatchObject({ status: "succeeded" });
    // Another origin than the shop's stays absolute.
    expect(await completeSandboxPayment(db(), sandboxIdOf(url), "pay", "https://other.example")).toBe(`${PUBLIC_URL}/thanks?order=${order.orderId}`);
    expect(await completeSandboxPayment(db(), "no-such-payment", "pay", PUBLIC_URL)).toBeUndefined();
  });
});

describe("YooKassa notifications", () => {
  const YOOKASSA_IP = "185.71.76.10";
  let counter = 0;

  /** A YooKassa stand-in: creates payments "yk-…" and answers getPayment from `states`. */
  function fakeYooKassa() {
    const states = new Map<string, PaymentState | Error>();
    const provider: PaymentProvider = {
      id: "yookassa",
      async createPayment(input) {
        const paymentId = `yk-${++counter}-${input.orderId}`;
        states.set(paymentId, { paymentId, status: "pending", amountRub: input.amountRub, orderId: input.orderId, paid: false });
        return { paymentId, status: "pending", confirmationUrl: `https://yoomoney.example/confirm/${paymentId}` };
      },
      async getPayment(paymentId) {
        const state = states.get(paymentId);
        if (state instanceof Error) throw state;
        if (!state) throw new PaymentProviderError("404", { provider: "yookassa", kind: "not_found", retryable: false });
        return state;
      },
      // As YooKassa: a pending redirect payment cannot be cancelled by the shop.
      async cancelPayment(paymentId) {
        return this.getPayment(paymentId);
      },
      async refundPayment(input) {
        refunds.push(input);
        return { refundId: `rf-${refunds.length}`, status: "succeeded", amountRub: input.amountRub };
      },
      createSettlementReceipt: () => Promise.reject(new Error("not used")),
      getReceipt: () => Promise.reject(new Error("not used")),
    };
    const refunds: RefundInput[] = [];
    return { provider, states, refunds };
  }

  const notification = (paymentId: string, event = "payment.succeeded") => ({
    type: "notification",
    event,
    object: { id: paymentId, status: event.split(".")[1] },
  });

  async function pendingYooKassaPayment() {
    const order = await placeTestOrder(db());
    const yookassa = fakeYooKassa();
    const started = await startPayment(db(), yookassa.provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
    const paymentId = (await latestPayment(db(), order.orderId))!.providerPaymentId!;
    expect(started).toEqual({ kind: "redirect", url: `https://yoomoney.example/confirm/${paymentId}` });
    return { order, paymentId, ...yookassa };
  }

  it("marks a pending payment canceled when its order is cancelled, and refunds it when the buyer pays all the same", async () => {
    const { order, paymentId, provider, states, refunds } = await pendingYooKassaPayment();
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.orderId));
    // YooKassa cannot cancel a pending redirect payment: the shop marks it canceled on its side.
    expect(await cancelPendingPayments(db(), provider, order.orderId)).toEqual({ cancelled: 1, refunded: [] });
    expect(await latestPayment(db(), order.orderId)).toMatchObject({ status: "canceled", failureReason: paymentMessages.cancelled });
    expect(await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL })).toEqual({ kind: "failed", reason: paymentMessages.cancelled });

    // The buyer had YooKassa's page open and paid: the notification brings the money, which goes back.
    states.set(paymentId, { paymentId, status: "succeeded", amountRub: order.total, orderId: String(order.orderId), paid: true });
    expect(await receiveYooKassaNotification(db(), provider, notification(paymentId), YOOKASSA_IP)).toMatchObject({ status: 200 });
    expect(refunds).toEqual([
      {
        paymentId,
        amountRub: order.total,
        idempotenceKey: expect.any(String),
        description: expect.stringContaining("заказ отменён"),
        // The refund receipt of the prepayment goes with it.
        receipt: { customer: { email: "ivan@example.ru" }, items: [expect.objectContaining({ priceRub: order.total, paymentMode: "full_prepayment" })] },
      },
    ]);
    expect(await latestPayment(db(), order.orderId)).toMatchObject({ status: "succeeded" });
    expect(await listRefunds(db(), order.orderId)).toEqual([
      expect.objectContaining({ provider: "yookassa", providerRefundId: "rf-1", status: "succeeded", amount: order.total }),
    ]);
    expect(await orderStatus(order.orderId)).toBe("cancelled");
    // Delivered again: no second refund.
    await receiveYooKassaNotification(db(), provider, notification(paymentId), YOOKASSA_IP);
    expect(refunds).toHaveLength(1);
  });

  it("records a succeeded payment once; a repeated delivery is acknowledged and changes nothing", async () => {
    const { order, paymentId, provider, states } = await pendingYooKassaPayment();
    states.set(paymentId, { paymentId, status: "succeeded", amountRub: order.total, orderId: String(order.orderId), paid: true });
    const first = await receiveYooKassaNotification(db(), provider, notification(paymentId), YOOKASSA_IP);
    expect(first).toMatchObject({ status: 200, code: "accepted" });
    expect(await orderStatus(order.orderId)).toBe("paid");
    expect(await receiveYooKassaNotification(db(), provider, notification(paymentId), `::ffff:${YOOKASSA_IP}`)).toMatchObject({
      status: 200,
      code: "accepted",
    });
    expect(await orderStatus(order.orderId)).toBe("paid");
    expect(await listPayments(db(), order.orderId)).toHaveLength(1);
  });

  it("trusts the fetched payment, not the notification: a 'succeeded' hint for a pending payment pays nothing", async () => {
    const { order, paymentId, provider } = await pendingYooKassaPayment();
    expect(await receiveYooKassaNotification(db(), provider, notification(paymentId), YOOKASSA_IP)).toMatchObject({ status: 200 });
    expect(await orderStatus(order.orderId)).toBe("awaiting_payment");
    expect(await latestPayment(db(), order.orderId)).toMatchObject({ status: "pending" });
  });

  it("records a cancellation with the provider's reason", async () => {
    const { order, paymentId, provider, states } = await pendingYooKassaPayment();
    states.set(paymentId, {
      paymentId,
      status: "canceled",
      amountRub: order.total,
      orderId: String(order.orderId),
      paid: false,
      failureReason: "Недостаточно средств.",
    });
    expect(await receiveYooKassaNotification(db(), provider, notification(paymentId, "payment.canceled"), YOOKASSA_IP)).toMatchObject({ status: 200 });
    expect(await latestPayment(db(), order.orderId)).toMatchObject({ status: "canceled", failureReason: "Недостаточно средств." });
    expect(await orderStatus(order.orderId)).toBe("awaiting_payment");
  });

  it("refuses foreign addresses and malformed bodies with 4xx, acknowledges other events, and asks for a retry when YooKassa is down", async () => {
    const { order, paymentId, provider, states } = await pendingYooKassaPayment();
    states.set(paymentId, { paymentId, status: "succeeded", amountRub: order.total, orderId: String(order.orderId), paid: true });
    expect(await receiveYooKassaNotification(db(), provider, notification(paymentId), "203.0.113.5")).toMatchObject({ status: 403, code: "forbidden_source" });
    expect(await receiveYooKassaNotification(db(), provider, notification(paymentId), null)).toMatchObject({ status: 403 });
    expect(await receiveYooKassaNotification(db(), provider, { type: "notification" }, YOOKASSA_IP)).toMatchObject({ status: 400, code: "bad_notification" });
    expect(await receiveYooKassaNotification(db(), provider, notification("r-1", "refund.succeeded"), YOOKASSA_IP)).toMatchObject({
      status: 200,
      code: "ignored",
    });
    expect(await receiveYooKassaNotification(db(), provider, notification("yk-unknown"), YOOKASSA_IP)).toMatchObject({ status: 404, code: "unknown_payment" });
    expect(await orderStatus(order.orderId)).toBe("awaiting_payment");

    states.set(paymentId, new PaymentProviderError("timeout", { provider: "yookassa", kind: "unavailable", retryable: true }));
    expect(await receiveYooKassaNotification(db(), provider, notification(paymentId), YOOKASSA_IP)).toMatchObject({
      status: 503,
      code: "provider_unavailable",
    });
    expect(await orderStatus(order.orderId)).toBe("awaiting_payment");
  });

  it("answers 404 (delivered again later) for a payment YooKassa knows and the shop has not recorded", async () => {
    const { order, provider, states } = await pendingYooKassaPayment();
    states.set("yk-elsewhere", { paymentId: "yk-elsewhere", status: "succeeded", amountRub: order.total, orderId: String(order.orderId), paid: true });
    expect(await receiveYooKassaNotification(db(), provider, notification("yk-elsewhere"), YOOKASSA_IP)).toMatchObject({
      status: 404,
      code: "unknown_payment",
    });
    expect(await orderStatus(order.orderId)).toBe("awaiting_payment");
  });
});

describe("the configured provider", () => {
  const settings = (provider: "sandbox" | "yookassa") => ({
    publicUrl: PUBLIC_URL,
    payments: { provider, timeoutMs: 1_000, yookassa: { shopId: "100500", secretKey: "test_key", baseUrl: "http://127.0.0.1:9" } },
  });

  it("is the sandbox by default, on this database, and YooKassa when configured", async () => {
    const sandbox = getPaymentProvider(db(), settings("sandbox"));
    expect(sandbox.id).toBe("sandbox");
    const order = await placeTestOrder(db());
    const result = (await startPayment(db(), sandbox, { id: order.orderId }, { publicUrl: PUBLIC_URL })) as { url: string };
    const [row] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, sandboxIdOf(result.url)));
    expect(row).toMatchObject({ orderId: String(order.orderId), amount: order.total });
    expect(getPaymentProvider(db(), settings("yookassa")).id).toBe("yookassa");
    expect(await db().select().from(payments).where(eq(payments.orderId, order.orderId))).toHaveLength(1);
  });
});
