import { describe, expect, it } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { type CreatePaymentInput, PaymentProviderError } from "./provider.ts";
import { createSandboxProvider, decideSandboxPayment, findSandboxPayment, SANDBOX_CANCELED_MESSAGE } from "./sandbox.server.ts";

const database = withTempDatabase("sandbox-test");
const sandbox = () => createSandboxProvider(database.handle.db, { publicUrl: "https://shop.example/" });

const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  orderId: "42",
  amountRub: 15_730,
  description: "Заказ №2026-000042",
  returnUrl: "https://shop.example/thanks?order=42",
  idempotenceKey: crypto.randomUUID(),
  customer: { email: "ivan@example.ru" },
  items: [
    { name: "Георгий Победоносец 50 рублей", quantity: 1, priceRub: 15_230, vat: "exempt" },
    { name: "Доставка", quantity: 1, priceRub: 500, vat: "vat22", subject: "service" },
  ],
  ...overrides,
});

describe("the sandbox payment service", () => {
  it("creates a pending payment with its own unguessable page, once per idempotence key", async () => {
    const provider = sandbox();
    const payment = input();
    const first = await provider.createPayment(payment);
    expect(first.status).toBe("pending");
    expect(first.confirmationUrl).toBe(`https://shop.example/payment/sandbox/${first.paymentId}`);
    expect(first.paymentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await provider.createPayment(payment)).toEqual(first);

    const other = await provider.createPayment(input());
    expect(other.paymentId).not.toBe(first.paymentId);
    expect(await provider.getPayment(first.paymentId)).toEqual({
      paymentId: first.paymentId,
      status: "pending",
      amountRub: 15_730,
      orderId: "42",
      paid: false,
    });
    expect(await findSandboxPayment(database.handle.db, first.paymentId)).toEqual({
      id: first.paymentId,
      status: "pending",
      amountRub: 15_730,
      description: "Заказ №2026-000042",
      returnUrl: "https://shop.example/thanks?order=42",
    });
  });

  it("refuses what YooKassa would refuse: a receipt that does not sum to the amount, no contact", async () => {
    for (const bad of [input({ amountRub: 100 }), input({ customer: {} }), input({ amountRub: 0, items: [] })]) {
      await expect(sandbox().createPayment(bad)).rejects.toMatchObject({
        name: "PaymentProviderError",
        provider: "sandbox",
        kind: "request",
        retryable: false,
      });
    }
  });

  it("answers not_found for an unknown payment", async () => {
    const error = await sandbox()
      .getPayment("no-such-payment")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ kind: "not_found", provider: "sandbox" });
    expect(await findSandboxPayment(database.handle.db, "no-such-payment")).toBeUndefined();
    expect(await decideSandboxPayment(database.handle.db, "no-such-payment", "pay")).toBeUndefined();
  });

  it("pays a pending payment once: a later cancel changes nothing", async () => {
    const provider = sandbox();
    const { paymentId } = await provider.createPayment(input());
    expect(await decideSandboxPayment(database.handle.db, paymentId, "pay")).toEqual({
      returnUrl: "https://shop.example/thanks?order=42",
      status: "succeeded",
    });
    expect(await provider.getPayment(paymentId)).toMatchObject({ status: "succeeded", paid: true, amountRub: 15_730 });
    expect(await decideSandboxPayment(database.handle.db, paymentId, "cancel")).toMatchObject({ status: "succeeded" });
    expect(await provider.getPayment(paymentId)).toMatchObject({ status: "succeeded", paid: true });
  });

  it("cancels a pending payment with a reason; a later pay changes nothing", async () => {
    const provider = sandbox();
    const payment = input();
    const { paymentId } = await provider.createPayment(payment);
    expect(await decideSandboxPayment(database.handle.db, paymentId, "cancel")).toMatchObject({ status: "canceled" });
    expect(await decideSandboxPayment(database.handle.db, paymentId, "pay")).toMatchObject({ status: "canceled" });
    expect(await provider.getPayment(paymentId)).toMatchObject({ status: "canceled", paid: false, failureReason: SANDBOX_CANCELED_MESSAGE });
    // The same key again answers the final payment, with no page to go to.
    expect(await provider.createPayment(payment)).toEqual({ paymentId, status: "canceled", confirmationUrl: null });
  });
});
