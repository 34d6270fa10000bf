import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeReply, type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { closedPort, rejectionOf } from "#tests/support/network.ts";
import { log } from "../shared/log.server.ts";
import { type CreatePaymentInput, PAYMENT_FAILED_MESSAGE, PAYMENT_NOT_FOUND_MESSAGE, PAYMENT_RETRY_MESSAGE, PaymentProviderError } from "./provider.ts";
import {
  buildCreatePaymentBody,
  buildRefundBody,
  buildSettlementReceiptBody,
  clip,
  createYooKassaProvider,
  formatRub,
  parseRub,
  YOOKASSA_CANCELED_MESSAGE,
} from "./yookassa.server.ts";

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/payments/${name}`, import.meta.url), "utf8");
const PENDING = fixture("yookassa-payment-pending.json");
const SUCCEEDED = fixture("yookassa-payment-succeeded.json");
const INVALID_REQUEST = fixture("yookassa-error-invalid-request.json");
const REFUND_SUCCEEDED = fixture("yookassa-refund-succeeded.json");
const PAYMENT_ID = "2e5b1c9a-000f-5000-8000-1a2b3c4d5e6f";

const json = (body: string | object, status = 200): FakeReply => ({
  status,
  contentType: "application/json; charset=utf-8",
  body: typeof body === "string" ? body : JSON.stringify(body),
});
const apiError = (status: number, code: string, description = "Ошибка") => json({ type: "error", id: "e-1", code, description }, status);

const LONG_NAME = `Монета «Георгий Победоносец» Au 999, 7,78 г, ММД, 2026 — ${"очень длинное название ".repeat(8)}`;
const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  orderId: "1042",
  amountRub: 15_230 + 2 * 4_100,
  description: "Заказ №1042 — монеты",
  returnUrl: "https://shop.example/thanks?order=1042",
  idempotenceKey: "c0ffee00-0000-4000-8000-000000001042",
  customer: { email: "buyer@example.com", phone: "+7 (916) 123-45-67" },
  items: [
    { name: LONG_NAME, quantity: 1, priceRub: 15_230, vat: "exempt" },
    { name: "Альбом для монет", quantity: 2, priceRub: 4_100, vat: "vat20" },
  ],
  ...overrides,
});

/** The rejection of a call, which must be a PaymentProviderError. */
const failure = (promise: Promise<unknown>) => rejectionOf(promise, PaymentProviderError);

describe("amounts and texts", () => {
  it("formats whole roubles with two decimals and parses them back", () => {
    expect(formatRub(15230)).toBe("15230.00");
    expect(formatRub(1)).toBe("1.00");
    expect(parseRub("15230.00")).toBe(15230);
    expect(parseRub("99.5")).toBe(99.5);
    expect(parseRub("-1.00")).toBeUndefined();
    expect(parseRub("1e3")).toBeUndefined();
  });

  it("clips to 128 code points without splitting a character", () => {
    expect(clip("  коротко  ")).toBe("коротко");
    const clipped = clip("😀".repeat(200));
    expect(Array.from(clipped)).toHaveLength(128);
    expect(clipped.endsWith("…")).toBe(true);
    expect(clipped).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe("the request body", () => {
  it("refuses a receipt whose items do not sum to the amount, fractional roubles, no contact, a long key", () => {
    for (const bad of [
      input({ amountRub: 100 }),
      input({ amountRub: 10.5 }),
      input({ customer: {} }),
      input({ customer: { phone: "123" } }),
      input({ idempotenceKey: "k".repeat(65) }),
      input({ idempotenceKey: "" }),
      input({ items: [] }),
      input({ amountRub: 15_230, items: [{ name: "Монета", quantity: 0.5, priceRub: 30_460, vat: "exempt" }] }),
    ]) {
      let caught: unknown;
      try {
        buildCreatePaymentBody(bad);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(PaymentProviderError);
      expect(caught).toMatchObject({ kind: "request", retryable: false, userMessage: PAYMENT_FAILED_MESSAGE });
    }
  });

  it("sends the phone as digits when there is no e-mail, 8… becoming 7…", () => {
    const body = buildCreatePaymentBody(input({ customer: { phone: "8 916 123-45-67" } })) as { receipt: { customer: unknown } };
    expect(body.receipt.customer).toEqual({ phone: "79161234567" });
  });

  it("marks a service line (delivery) as a service on the receipt", () => {
    const body = buildCreatePaymentBody(
      input({ amountRub: 15_230 + 500, items: [input().items[0]!, { name: "Доставка", quantity: 1, priceRub: 500, vat: "vat22", subject: "service" }] }),
    ) as { receipt: { items: { payment_subject: string }[] } };
    expect(body.receipt.items.map((item) => item.payment_subject)).toEqual(["commodity", "service"]);
  });

  it("uses vat_code 1 without VAT, 4 for 20 % and 11 for 22 %", () => {
    const body = buildCreatePaymentBody(
      input({
        amountRub: 15_230 + 3 * 4_100,
        items: [
          input().items[0]!,
          { name: "Альбом 2025", quantity: 1, priceRub: 4_100, vat: "vat20" },
          { name: "Альбом 2026", quantity: 2, priceRub: 4_100, vat: "vat22" },
        ],
      }),
    ) as { receipt: { items: { vat_code: number }[] } };
    expect(body.receipt.items.map((item) => item.vat_code)).toEqual([1, 4, 11]);
  });

  it("marks every line of the receipt at payment as a full prepayment: the coins are handed over later", () => {
    const body = buildCreatePaymentBody(input()) as { receipt: { items: { payment_mode: string }[] } };
    expect(body.receipt.items.map((item) => item.payment_mode)).toEqual(["full_prepayment", "full_prepayment"]);
  });

  it("builds the settlement receipt: type payment, full payment lines, the whole amount settled against the prepayment", () => {
    const body = buildSettlementReceiptBody({
      paymentId: PAYMENT_ID,
      customer: { phone: "+7 916 123-45-67" },
      items: input().items.map((item) => ({ ...item, paymentMode: "full_prepayment" as const })),
      amountRub: 15_230 + 2 * 4_100,
      idempotenceKey: "settle-1042",
    });
    expect(body).toMatchObject({
      type: "payment",
      payment_id: PAYMENT_ID,
      send: true,
      customer: { phone: "79161234567" },
      settlements: [{ type: "prepayment", amount: { value: "23430.00", currency: "RUB" } }],
    });
    expect((body.items as { payment_mode: string; vat_code: number }[]).map((item) => [item.payment_mode, item.vat_code])).toEqual([
      ["full_payment", 1],
      ["full_payment", 4],
    ]);
    expect(() => buildSettlementReceiptBody({ paymentId: PAYMENT_ID, customer: {}, items: input().items, amountRub: 23_430, idempotenceKey: "k" })).toThrow(
      PaymentProviderError,
    );
    expect(() =>
      buildSettlementReceiptBody({ paymentId: PAYMENT_ID, customer: { email: "a@b.ru" }, items: input().items, amountRub: 100, idempotenceKey: "k" }),
    ).toThrow(/sum to/);
  });

  it("puts a refund receipt into the refund, in the lines' own way of settlement", () => {
    const body = buildRefundBody({
      paymentId: PAYMENT_ID,
      amountRub: 23_430,
      idempotenceKey: "refund-1042",
      description: "Возврат",
      receipt: { customer: { email: "buyer@example.com" }, items: input().items.map((item) => ({ ...item, paymentMode: "full_prepayment" as const })) },
    });
    expect(body).toMatchObject({
      payment_id: PAYMENT_ID,
      amount: { value: "23430.00", currency: "RUB" },
      receipt: { customer: { email: "buyer@example.com" } },
    });
    expect((body.receipt as { items: { payment_mode: string }[] }).items.map((item) => item.payment_mode)).toEqual(["full_prepayment", "full_prepayment"]);
    expect(buildRefundBody({ paymentId: PAYMENT_ID, amountRub: 10, idempotenceKey: "k", description: "x" })).not.toHaveProperty("receipt");
  });
});

describe("the YooKassa provider against a fake api.yookassa.ru", () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeHttpServer(() => json(PENDING));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.handler = () => json(PENDING);
    server.requests.length = 0;
    vi.spyOn(log, "info").mockImplementation(() => {});
    vi.spyOn(log, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  const provider = (overrides: { timeoutMs?: number; retries?: number; baseUrl?: string } = {}) =>
    createYooKassaProvider({ shopId: "100500", secretKey: "test_SeCrEt", baseUrl: `${server.baseUrl}/`, timeoutMs: 1_000, retryDelayMs: 0, ...overrides });

  it("POSTs /v3/payments with Basic auth, the Idempotence-Key, amounts as strings and a 54-FZ receipt", async () => {
    const created = await provider().createPayment(input());
    expect(created).toEqual({
      paymentId: PAYMENT_ID,
      status: "pending",
      confirmationUrl: `https://yoomoney.ru/api-pages/v2/payment-confirm/epl?orderId=${PAYMENT_ID}`,
    });
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v3/payments");
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("100500:test_SeCrEt").toString("base64")}`);
    expect(request.headers["idempotence-key"]).toBe("c0ffee00-0000-4000-8000-000000001042");
    expect(request.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = JSON.parse(request.body) as Record<string, unknown>;
    expect(body).toEqual({
      amount: { value: "23430.00", currency: "RUB" },
      capture: true,
      confirmation: { type: "redirect", return_url: "https://shop.example/thanks?order=1042", locale: "ru_RU" },
      description: "Заказ №1042 — монеты",
      metadata: { order_id: "1042" },
      receipt: {
        customer: { email: "buyer@example.com" },
        items: [
          {
            description: clip(LONG_NAME),
            quantity: "1.00",
            amount: { value: "15230.00", currency: "RUB" },
            vat_code: 1,
            payment_mode: "full_prepayment",
            payment_subject: "commodity",
          },
          {
            description: "Альбом для монет",
            quantity: "2.00",
            amount: { value: "4100.00", currency: "RUB" },
            vat_code: 4,
            payment_mode: "full_prepayment",
            payment_subject: "commodity",
          },
        ],
      },
    });
    const items = (body.receipt as { items: { description: string }[] }).items;
    expect(Array.from(items[0]!.description)).toHaveLength(128);
    // The Cyrillic went out as UTF-8 bytes: "Заказ" is D0 97 D0 B0 …
    expect(Buffer.from(request.body, "utf8").includes(Buffer.from([0xd0, 0x97, 0xd0, 0xb0]))).toBe(true);
  });

  it("repeats a 500 with the same Idempotence-Key and returns the original result", async () => {
    let calls = 0;
    server.handler = () => (++calls === 1 ? apiError(500, "internal_server_error") : json(PENDING));
    const created = await provider().createPayment(input());
    expect(created.paymentId).toBe(PAYMENT_ID);
    expect(server.requests).toHaveLength(2);
    expect(server.requests.map((request) => request.headers["idempotence-key"])).toEqual([
      "c0ffee00-0000-4000-8000-000000001042",
      "c0ffee00-0000-4000-8000-000000001042",
    ]);
    expect(server.requests[1]!.body).toBe(server.requests[0]!.body);
  });

  it("repeats a timed-out request with the same key, and reports a timeout as retryable after the last try", async () => {
    server.handler = () => ({ ...json(PENDING), delayMs: 400 });
    const error = await failure(provider({ timeoutMs: 100, retries: 1 }).createPayment(input()));
    expect(error).toMatchObject({ kind: "unavailable", retryable: true, userMessage: PAYMENT_RETRY_MESSAGE });
    expect(error.message).toMatch(/timed out after 100 ms/);
    expect(server.requests.map((request) => request.headers["idempotence-key"])).toEqual([
      "c0ffee00-0000-4000-8000-000000001042",
      "c0ffee00-0000-4000-8000-000000001042",
    ]);
  });

  it("maps 400 invalid_request to a non-retryable request error and does not repeat it", async () => {
    server.handler = () => json(INVALID_REQUEST, 400);
    const error = await failure(provider().createPayment(input()));
    expect(error).toMatchObject({ kind: "request", retryable: false, httpStatus: 400, providerCode: "invalid_request", userMessage: PAYMENT_FAILED_MESSAGE });
    expect(error.message).toContain("Invalid amount value (parameter amount.value)");
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [401, "invalid_credentials", "configuration", false],
    [403, "forbidden", "configuration", false],
    [404, "not_found", "not_found", false],
    [429, "too_many_requests", "rate_limit", true],
    [500, "internal_server_error", "unavailable", true],
    [502, "bad_gateway", "unavailable", true],
  ] as const)("maps HTTP %i %s", async (status, code, kind, retryable) => {
    server.handler = () => apiError(status, code);
    const error = await failure(provider().getPayment(PAYMENT_ID));
    expect(error).toMatchObject({ provider: "yookassa", kind, retryable, httpStatus: status, providerCode: code });
    expect(error.message).not.toContain("test_SeCrEt");
    // Only the unknown outcomes are repeated; a rate limit is left to the caller.
    expect(server.requests).toHaveLength(kind === "unavailable" ? 2 : 1);
    if (kind === "not_found") expect(error.userMessage).toBe(PAYMENT_NOT_FOUND_MESSAGE);
  });

  it("maps a 503 with an HTML body, garbage with 200 and a payment of the wrong shape to retryable errors", async () => {
    for (const reply of [
      { status: 503, contentType: "text/html", body: "<html>Service Unavailable</html>" },
      { status: 200, contentType: "text/html", body: "<html>oops</html>" },
      json({ id: PAYMENT_ID, status: "weird", paid: false, amount: { value: "1.00", currency: "RUB" } }),
      json({ id: PAYMENT_ID, status: "pending", paid: false, amount: { value: "1.00", currency: "USD" } }),
    ] satisfies FakeReply[]) {
      server.handler = () => reply;
      const error = await failure(provider({ retries: 0 }).getPayment(PAYMENT_ID));
      expect(error).toMatchObject({ kind: "unavailable", retryable: true });
    }
  });

  it("maps a reset connection, a cut body and a closed port to retryable errors", async () => {
    server.handler = () => ({ fault: "reset" });
    expect(await failure(provider({ retries: 0 }).getPayment(PAYMENT_ID))).toMatchObject({ kind: "unavailable", retryable: true });
    server.handler = () => ({ fault: "truncated", contentType: "application/json", body: SUCCEEDED });
    expect(await failure(provider({ retries: 0 }).getPayment(PAYMENT_ID))).toMatchObject({ kind: "unavailable", retryable: true });
    const port = await closedPort();
    const error = await failure(provider({ retries: 0, baseUrl: `http://127.0.0.1:${port}` }).getPayment(PAYMENT_ID));
    expect(error).toMatchObject({ kind: "unavailable", retryable: true });
    expect(error.message).toMatch(/ECONNREFUSED/);
  });

  it("reads at most 1 MiB of an answer: a longer one is an unknown outcome, repeated with the same key", async () => {
    server.handler = () => json(`{"padding":"${"x".repeat(1_100_000)}"}`);
    const error = await failure(provider({ retries: 1 }).getPayment(PAYMENT_ID));
    expect(error).toMatchObject({ kind: "unavailable", retryable: true });
    expect(error.message).toBe(`YooKassa GET /v3/payments/${PAYMENT_ID} answered more than 1048576 bytes`);
    expect(server.requests).toHaveLength(2);
  });

  it("refuses a created pending payment without a confirmation URL", async () => {
    server.handler = () => json({ id: PAYMENT_ID, status: "pending", paid: false, amount: { value: "23430.00", currency: "RUB" } });
    expect(await failure(provider({ retries: 0 }).createPayment(input()))).toMatchObject({ kind: "unavailable", retryable: true });
  });

  it("GETs /v3/payments/{id} and maps the payment", async () => {
    server.handler = () => json(SUCCEEDED);
    const state = await provider().getPayment(PAYMENT_ID);
    expect(state).toEqual({ paymentId: PAYMENT_ID, status: "succeeded", amountRub: 15230, orderId: "1042", paid: true });
    const request = server.requests[0]!;
    expect(request.method).toBe("GET");
    expect(request.path).toBe(`/v3/payments/${PAYMENT_ID}`);
    expect(request.headers["idempotence-key"]).toBeUndefined();
    expect(request.headers.authorization).toMatch(/^Basic /);
  });

  it("refunds a payment: POST /v3/refunds with the Idempotence-Key, the payment and the amount; a 500 is repeated with the same key", async () => {
    let calls = 0;
    server.handler = () => (++calls === 1 ? apiError(500, "internal_server_error") : json(REFUND_SUCCEEDED));
    const refund = await provider().refundPayment({
      paymentId: PAYMENT_ID,
      amountRub: 15_230,
      idempotenceKey: "rf-key-1042",
      description: "Возврат по заказу: заказ отменён",
    });
    expect(refund).toEqual({ refundId: "216749f7-0016-50be-b000-078d43a63ae4", status: "succeeded", amountRub: 15_230 });
    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) {
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/v3/refunds");
      expect(request.headers["idempotence-key"]).toBe("rf-key-1042");
      expect(JSON.parse(request.body)).toEqual({
        payment_id: PAYMENT_ID,
        amount: { value: "15230.00", currency: "RUB" },
        description: "Возврат по заказу: заказ отменён",
      });
    }
    // A refund refused by YooKassa is not repeated; a foreign id never leaves the shop.
    server.requests.length = 0;
    server.handler = () => apiError(400, "invalid_request", "Refund amount exceeds");
    expect(await failure(provider().refundPayment({ paymentId: PAYMENT_ID, amountRub: 1, idempotenceKey: "k", description: "x" }))).toMatchObject({
      kind: "request",
      retryable: false,
    });
    expect(await failure(provider().refundPayment({ paymentId: "../payments", amountRub: 1, idempotenceKey: "k", description: "x" }))).toMatchObject({
      kind: "request",
    });
    expect(server.requests).toHaveLength(1);
  });

  it("creates a settlement receipt: POST /v3/receipts with its own Idempotence-Key, a 500 repeated with the same key", async () => {
    let calls = 0;
    const answer = { id: "rt-2e5b1c9a-000f", type: "payment", payment_id: PAYMENT_ID, status: "pending" };
    server.handler = () => (++calls === 1 ? apiError(500, "internal_server_error") : json(answer));
    const items = input().items;
    const receipt = await provider().createSettlementReceipt({
      paymentId: PAYMENT_ID,
      customer: { email: "buyer@example.com" },
      items,
      amountRub: 23_430,
      idempotenceKey: "settle-key-1042",
    });
    expect(receipt).toEqual({ receiptId: "rt-2e5b1c9a-000f", status: "pending" });
    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) {
      expect(`${request.method} ${request.path}`).toBe("POST /v3/receipts");
      expect(request.headers["idempotence-key"]).toBe("settle-key-1042");
      expect(JSON.parse(request.body)).toMatchObject({
        type: "payment",
        payment_id: PAYMENT_ID,
        settlements: [{ type: "prepayment", amount: { value: "23430.00" } }],
      });
    }
    // Garbage is an unknown outcome (repeat later with the same key); a refusal is not repeated.
    server.requests.length = 0;
    server.handler = () => json({ hello: "world" });
    expect(
      await failure(
        provider({ retries: 0 }).createSettlementReceipt({
          paymentId: PAYMENT_ID,
          customer: { email: "a@b.ru" },
          items,
          amountRub: 23_430,
          idempotenceKey: "k",
        }),
      ),
    ).toMatchObject({ kind: "unavailable", retryable: true });
    server.handler = () => apiError(400, "invalid_request", "Receipt is invalid");
    expect(
      await failure(
        provider().createSettlementReceipt({ paymentId: PAYMENT_ID, customer: { email: "a@b.ru" }, items, amountRub: 23_430, idempotenceKey: "k" }),
      ),
    ).toMatchObject({ kind: "request", retryable: false });
  });

  it("asks where a receipt stands: GET /v3/receipts/{id}; a foreign id never leaves the shop", async () => {
    server.handler = () => json({ id: "rt-2e5b1c9a-000f", type: "payment", payment_id: PAYMENT_ID, status: "succeeded" });
    expect(await provider().getReceipt("rt-2e5b1c9a-000f")).toEqual({ receiptId: "rt-2e5b1c9a-000f", status: "succeeded" });
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(["GET /v3/receipts/rt-2e5b1c9a-000f"]);
    expect(server.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from("100500:test_SeCrEt").toString("base64")}`);
    server.requests.length = 0;
    expect(await failure(provider().getReceipt("../payments"))).toMatchObject({ kind: "not_found", retryable: false });
    expect(server.requests).toHaveLength(0);
    server.handler = () => json({ id: "rt-1", status: "registered-somehow" });
    expect(await failure(provider({ retries: 0 }).getReceipt("rt-1"))).toMatchObject({ kind: "unavailable", retryable: true });
  });

  it("cancels only a payment waiting for capture; a pending redirect payment is left to expire", async () => {
    server.handler = () => json(PENDING);
    expect(await provider().cancelPayment(PAYMENT_ID, "cancel-key")).toMatchObject({ status: "pending" });
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /v3/payments/${PAYMENT_ID}`]);

    server.requests.length = 0;
    const waiting = { ...JSON.parse(SUCCEEDED), status: "waiting_for_capture", paid: true };
    const canceled = { ...JSON.parse(SUCCEEDED), status: "canceled", paid: false, cancellation_details: { party: "merchant", reason: "canceled_by_merchant" } };
    server.handler = (request) => json(request.method === "GET" ? waiting : canceled);
    expect(await provider().cancelPayment(PAYMENT_ID, "cancel-key")).toMatchObject({ status: "canceled", failureReason: "Платёж отменён магазином." });
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v3/payments/${PAYMENT_ID}`,
      `POST /v3/payments/${PAYMENT_ID}/cancel`,
    ]);
    expect(server.requests[1]!.headers["idempotence-key"]).toBe("cancel-key");
  });

  it("gives orderId null when the payment has no order_id, and refuses an id that is not one", async () => {
    server.handler = () => json({ id: PAYMENT_ID, status: "canceled", paid: false, amount: { value: "10.00", currency: "RUB" } });
    expect(await provider().getPayment(PAYMENT_ID)).toMatchObject({ status: "canceled", orderId: null, amountRub: 10 });
    const error = await failure(provider().getPayment("../refunds"));
    expect(error).toMatchObject({ kind: "not_found", retryable: false });
    expect(server.requests).toHaveLength(1);
  });

  it("tells the buyer why a payment was canceled, from cancellation_details", async () => {
    const canceled = (details?: object) =>
      json({ id: PAYMENT_ID, status: "canceled", paid: false, amount: { value: "10.00", currency: "RUB" }, cancellation_details: details });
    server.handler = () => canceled({ party: "payment_network", reason: "insufficient_funds" });
    expect((await provider().getPayment(PAYMENT_ID)).failureReason).toMatch(/^Недостаточно средств/);
    server.handler = () => canceled({ party: "yoo_money", reason: "expired_on_confirmation" });
    expect((await provider().getPayment(PAYMENT_ID)).failureReason).toMatch(/^Время на оплату истекло/);
    server.handler = () => canceled({ party: "yoo_money", reason: "something_new" });
    expect((await provider().getPayment(PAYMENT_ID)).failureReason).toBe(YOOKASSA_CANCELED_MESSAGE);
    server.handler = () => canceled();
    expect((await provider().getPayment(PAYMENT_ID)).failureReason).toBe(YOOKASSA_CANCELED_MESSAGE);
    server.handler = () => json(SUCCEEDED);
    expect((await provider().getPayment(PAYMENT_ID)).failureReason).toBeUndefined();
  });
});
