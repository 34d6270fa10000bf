import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { placeTestOrder } from "#tests/support/orders.ts";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { orders, products, receipts } from "../db/schema.ts";
import { changeOrderStatus, formatOrderDetails, findOrderByNumber } from "../orders/operator.server.ts";
import { applyPaymentState, listRefunds, startPayment } from "../orders/payments.server.ts";
import { type PaymentProvider, PaymentProviderError, type RefundInput, type SettlementReceiptInput } from "../payments/provider.ts";
import { createSandboxProvider, decideSandboxPayment } from "../payments/sandbox.server.ts";
import { log } from "../shared/log.server.ts";
import { deliverDueReceipts, followPendingReceipts, listReceipts, SETTLEMENT_WITHOUT_PAYMENT } from "./receipts.server.ts";

const PUBLIC_URL = "https://shop.example";
const database = withTempDatabase("receipts-test", async ({ db }) => {
  await productsSeeder.run(db);
});
const db = () => database.handle.db;
const sandbox = () => createSandboxProvider(db(), { publicUrl: PUBLIC_URL });

/** The sandbox, keeping what the shop asked of it. */
function recording(inner: PaymentProvider = sandbox()) {
  const refunds: RefundInput[] = [];
  const settlements: SettlementReceiptInput[] = [];
  const provider: PaymentProvider = {
    ...inner,
    refundPayment: (input) => (refunds.push(input), inner.refundPayment(input)),
    createSettlementReceipt: (input) => (settlements.push(input), inner.createSettlementReceipt(input)),
  };
  return { provider, refunds, settlements };
}

/** An order paid online through the sandbox. */
async function paidOrder(options: Parameters<typeof placeTestOrder>[1] = {}) {
  const order = await placeTestOrder(db(), options);
  const provider = sandbox();
  const started = await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
  if (started.kind !== "redirect") throw new Error(started.reason);
  const id = started.url.split("/").pop()!;
  await decideSandboxPayment(db(), id, "pay");
  await applyPaymentState(db(), "sandbox", await provider.getPayment(id), provider);
  return { ...order, sandboxId: id };
}

async function handOver(number: string, provider?: PaymentProvider) {
  for (const to of ["assembling", "ready_for_pickup", "completed"] as const) {
    const change = await changeOrderStatus(db(), number, to, provider ? { provider } : {});
    if (!change.ok) throw new Error(change.reason);
  }
}

beforeEach(() => {
  vi.spyOn(log, "info").mockImplementation(() => {});
  vi.spyOn(log, "warn").mockImplementation(() => {});
  vi.spyOn(log, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("the receipt at payment", () => {
  it("is recorded with the attempt as a full prepayment of the order's lines and registered when the payment succeeds", async () => {
    const order = await placeTestOrder(db(), {
      lines: [
        { productId: 1, quantity: 2 },
        { productId: 8, quantity: 1 },
      ],
      deliveryTotal: 390,
    });
    const provider = sandbox();
    const started = await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
    const [asked] = await listReceipts(db(), order.orderId);
    expect(asked).toMatchObject({ type: "prepayment", provider: "sandbox", status: "pending", total: order.total });
    expect(asked!.items.map(({ quantity, vat, subject, paymentMode }) => ({ quantity, vat, subject, paymentMode }))).toEqual([
      { quantity: 2, vat: "exempt", subject: "commodity", paymentMode: "full_prepayment" },
      { quantity: 1, vat: "vat22", subject: "commodity", paymentMode: "full_prepayment" },
      { quantity: 1, vat: "vat22", subject: "service", paymentMode: "full_prepayment" },
    ]);
    const id = (started as { url: string }).url.split("/").pop()!;
    await decideSandboxPayment(db(), id, "pay");
    await applyPaymentState(db(), "sandbox", await provider.getPayment(id), provider);
    expect(await listReceipts(db(), order.orderId)).toEqual([expect.objectContaining({ type: "prepayment", status: "succeeded", providerPaymentId: id })]);
  });

  it("keeps 20 % for an order placed in 2025 and is not issued for a canceled payment", async () => {
    const order = await placeTestOrder(db(), { lines: [{ productId: 8, quantity: 1 }] });
    await db()
      .update(orders)
      .set({ createdAt: new Date("2025-12-31T20:59:00Z") })
      .where(eq(orders.id, order.orderId));
    const provider = sandbox();
    const started = await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
    expect((await listReceipts(db(), order.orderId))[0]!.items.map((item) => item.vat)).toEqual(["vat20"]);
    const id = (started as { url: string }).url.split("/").pop()!;
    await decideSandboxPayment(db(), id, "cancel");
    await applyPaymentState(db(), "sandbox", await provider.getPayment(id), provider);
    expect(await listReceipts(db(), order.orderId)).toEqual([expect.objectContaining({ status: "canceled" })]);
  });

  it("follows the operator's VAT override of a coin", async () => {
    await db().update(products).set({ vatOverride: "included" }).where(eq(products.id, 1));
    try {
      const order = await placeTestOrder(db(), { lines: [{ productId: 1, quantity: 1 }] });
      await startPayment(db(), sandbox(), { id: order.orderId }, { publicUrl: PUBLIC_URL });
      expect((await listReceipts(db(), order.orderId))[0]!.items.map((item) => item.vat)).toEqual(["vat22"]);
    } finally {
      await db().update(products).set({ vatOverride: null }).where(eq(products.id, 1));
    }
  });
});

describe("the settlement receipt at handover", () => {
  it("is queued when a paid order is completed and sent once by the sender: the same lines, as a full payment settled against the prepayment", async () => {
    const order = await paidOrder({ deliveryTotal: 390 });
    await handOver(order.number);
    const queued = (await listReceipts(db(), order.orderId)).find((receipt) => receipt.type === "settlement");
    expect(queued).toMatchObject({ status: "queued", total: order.total, prepaymentSettled: order.total, providerPaymentId: order.sandboxId });
    expect(queued!.items.every((item) => item.paymentMode === "full_payment")).toBe(true);

    const { provider, settlements } = recording();
    expect(await deliverDueReceipts(db(), provider)).toMatchObject({ sent: 1 });
    expect(await deliverDueReceipts(db(), provider)).toMatchObject({ sent: 0 });
    expect(settlements).toEqual([
      expect.objectContaining({
        paymentId: order.sandboxId,
        amountRub: order.total,
        idempotenceKey: queued!.idempotenceKey,
        customer: { email: "ivan@example.ru" },
      }),
    ]);
    const sent = (await listReceipts(db(), order.orderId)).find((receipt) => receipt.type === "settlement");
    expect(sent).toMatchObject({ status: "succeeded", providerReceiptId: expect.stringMatching(/^receipt-/) });
    // The operator's `show` lists both receipts.
    const details = formatOrderDetails((await findOrderByNumber(db(), order.number))!);
    expect(details).toContain("Приход, предоплата 100 %");
    expect(details).toContain("Приход, зачёт предоплаты");
  });

  it("is tried again with the same key when the provider does not answer, and marked failed when it refuses", async () => {
    const order = await paidOrder();
    await handOver(order.number);
    const keys: string[] = [];
    let fail: PaymentProviderError | undefined = new PaymentProviderError("down", { provider: "sandbox", kind: "unavailable", retryable: true });
    const inner = sandbox();
    const flaky: PaymentProvider = {
      ...inner,
      createSettlementReceipt: (input) => {
        keys.push(input.idempotenceKey);
        return fail ? Promise.reject(fail) : inner.createSettlementReceipt(input);
      },
    };
    const now = new Date();
    expect(await deliverDueReceipts(db(), flaky, undefined, now)).toMatchObject({ retried: 1 });
    // Not before its backoff.
    expect(await deliverDueReceipts(db(), flaky, undefined, now)).toMatchObject({ retried: 0, sent: 0 });
    fail = undefined;
    expect(await deliverDueReceipts(db(), flaky, undefined, new Date(now.getTime() + 60_000))).toMatchObject({ sent: 1 });
    expect(new Set(keys).size).toBe(1);
    expect(keys).toHaveLength(2);

    const refused = await paidOrder();
    await handOver(refused.number);
    fail = new PaymentProviderError("invalid receipt", { provider: "sandbox", kind: "request", retryable: false });
    expect(await deliverDueReceipts(db(), flaky)).toMatchObject({ failed: 1 });
    expect((await listReceipts(db(), refused.orderId)).find((receipt) => receipt.type === "settlement")).toMatchObject({
      status: "failed",
      lastError: "invalid receipt",
    });
  });

  it("is asked after while the fiscal operator keeps it pending: registered, or refused and left for the operator", async () => {
    const answers = new Map<string, "pending" | "succeeded" | "canceled">();
    const asked: string[] = [];
    const inner = sandbox();
    const slowFiscal: PaymentProvider = {
      ...inner,
      createSettlementReceipt: async (input) => {
        const made = await inner.createSettlementReceipt(input);
        answers.set(made.receiptId, "pending");
        return { ...made, status: "pending" };
      },
      getReceipt: async (receiptId) => (asked.push(receiptId), { receiptId, status: answers.get(receiptId)! }),
    };
    const [first, second] = [await paidOrder(), await paidOrder()];
    await handOver(first.number);
    await handOver(second.number);
    expect(await deliverDueReceipts(db(), slowFiscal)).toMatchObject({ sent: 2 });
    const settlementOf = async (orderId: number) => (await listReceipts(db(), orderId)).find((receipt) => receipt.type === "settlement")!;
    expect((await settlementOf(first.orderId)).status).toBe("pending");

    // Not asked again within the minute.
    expect(await followPendingReceipts(db(), slowFiscal)).toEqual({ settled: 0, stillPending: 0 });
    expect(asked).toEqual([]);
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await followPendingReceipts(db(), slowFiscal, 20, later(2))).toEqual({ settled: 0, stillPending: 2 });

    answers.set((await settlementOf(first.orderId)).providerReceiptId!, "succeeded");
    answers.set((await settlementOf(second.orderId)).providerReceiptId!, "canceled");
    expect(await followPendingReceipts(db(), slowFiscal, 20, later(4))).toEqual({ settled: 2, stillPending: 0 });
    expect(await settlementOf(first.orderId)).toMatchObject({ status: "succeeded", lastError: null });
    expect(await settlementOf(second.orderId)).toMatchObject({ status: "canceled", lastError: "Оператор фискальных данных не зарегистрировал чек" });
    // Settled receipts are not asked after any more.
    const asks = asked.length;
    expect(await followPendingReceipts(db(), slowFiscal, 20, later(6))).toEqual({ settled: 0, stillPending: 0 });
    expect(asked).toHaveLength(asks);
  });

  it("records that the delivery service's cash register issues the receipt of an order paid on receipt", async () => {
    const order = await placeTestOrder(db(), { paymentId: 6 });
    await handOver(order.number);
    expect(await listReceipts(db(), order.orderId)).toEqual([
      expect.objectContaining({ type: "delivery_service", provider: "delivery_service", status: "external", total: order.total }),
    ]);
    expect(await deliverDueReceipts(db(), sandbox())).toMatchObject({ sent: 0 });
  });

  it("is marked for issuing by hand when the order was marked paid without an online payment", async () => {
    const order = await placeTestOrder(db());
    for (const to of ["paid", "assembling", "shipped", "completed"] as const) {
      const change = await changeOrderStatus(db(), order.number, to, { trackingNumber: "RA123456789RU" });
      if (!change.ok) throw new Error(change.reason);
    }
    expect(await listReceipts(db(), order.orderId)).toEqual([
      expect.objectContaining({ type: "settlement", status: "failed", lastError: SETTLEMENT_WITHOUT_PAYMENT }),
    ]);
  });
});

describe("the refund receipt", () => {
  it("goes with the refund of a payment that succeeded for a cancelled order: the prepayment's lines given back", async () => {
    const order = await placeTestOrder(db(), { deliveryTotal: 390 });
    const { provider, refunds } = recording();
    const started = await startPayment(db(), provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
    const id = (started as { url: string }).url.split("/").pop()!;
    await changeOrderStatus(db(), order.number, "cancelled");
    await decideSandboxPayment(db(), id, "pay");
    await applyPaymentState(db(), "sandbox", await provider.getPayment(id), provider);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.receipt).toEqual({
      customer: { email: "ivan@example.ru" },
      items: [
        expect.objectContaining({ paymentMode: "full_prepayment", subject: "commodity" }),
        expect.objectContaining({ name: "Доставка", paymentMode: "full_prepayment", subject: "service" }),
      ],
    });
    const [refund] = await listRefunds(db(), order.orderId);
    const rows = await db().select().from(receipts).where(eq(receipts.orderId, order.orderId));
    expect(rows.map((row) => [row.type, row.status]).sort()).toEqual([
      ["prepayment", "succeeded"],
      ["refund", "succeeded"],
    ]);
    expect(rows.find((row) => row.type === "refund")).toMatchObject({
      total: order.total,
      refundRowId: refund!.id,
      providerReceiptId: refund!.providerRefundId,
    });
  });
});
