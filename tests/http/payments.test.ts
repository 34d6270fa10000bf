// Online payment as the built shop does it: the sandbox payment page without JavaScript
// (plain forms, redirect after POST), and YooKassa's notifications against a fake YooKassa.
// Orders are placed in the database before the shop starts (the checkout pages are not
// walked here); what the shop made of them is read after it stops.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments } from "#app/modules/db/schema.ts";
import { latestPayment, startPayment } from "#app/modules/orders/payments.server.ts";
import { createSandboxProvider } from "#app/modules/payments/sandbox.server.ts";
import { createYooKassaProvider } from "#app/modules/payments/yookassa.server.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { type FakeReply, type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { placeTestOrder, type TestOrder } from "#tests/support/orders.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";

const PUBLIC_URL = "https://shop.example";

async function orderState(database: ShopDatabase, orderId: number) {
  return database.use(async ({ db }) => {
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    const attempts = await db.select({ status: payments.status, failureReason: payments.failureReason }).from(payments).where(eq(payments.orderId, orderId));
    return { status: order!.status, attempts };
  });
}

describe("the sandbox payment page, without JavaScript", () => {
  let database: ShopDatabase;
  let shop: Shop;
  let toPay: TestOrder & { path: string };
  let toCancel: TestOrder & { path: string };

  beforeAll(async () => {
    database = await createShopDatabase();
    [toPay, toCancel] = await database.use(async ({ db }) => {
      const sandbox = createSandboxProvider(db, { publicUrl: PUBLIC_URL });
      const started = [];
      for (const deliveryTotal of [0, 390]) {
        const order = await placeTestOrder(db, { deliveryTotal });
        const result = await startPayment(db, sandbox, { id: order.orderId }, { publicUrl: PUBLIC_URL });
        if (result.kind !== "redirect") throw new Error(`payment not started: ${result.reason}`);
        expect(result.url.startsWith(`${PUBLIC_URL}/payment/sandbox/`)).toBe(true);
        started.push({ ...order, path: new URL(result.url).pathname });
      }
      return started as [TestOrder & { path: string }, TestOrder & { path: string }];
    });
    shop = await database.start({ PUBLIC_URL });
  });
  afterAll(async () => {
    await shop?.stop();
    await database?.remove();
  });

  it("shows the test payment: what for, how much, and the two buttons as one plain form", async () => {
    const html = await new ShopClient(shop.url).html(toCancel.path);
    expect(html).toContain("Тестовая оплата");
    expect(html).toContain(`Заказ №${toCancel.number}`);
    expect(html).toContain(formatMoney(toCancel.total));
    const form = new RegExp(`<form[^>]*action="${toCancel.path}"[^>]*method="post">(.*?)</form>`).exec(html)?.[1] ?? "";
    const button = (label: string) => new RegExp(`<button([^>]*)>${label}</button>`).exec(form)?.[1] ?? "";
    expect(button("Оплатить")).toMatch(/type="submit"/);
    expect(button("Оплатить")).toMatch(/name="intent"/);
    expect(button("Оплатить")).toMatch(/value="pay"/);
    expect(button("Отменить")).toMatch(/name="intent"/);
    expect(button("Отменить")).toMatch(/value="cancel"/);
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
  });

  it("'Оплатить' sends the buyer back to /thanks for the order; the page then says it is paid", async () => {
    const client = new ShopClient(shop.url);
    const paid = await client.postForm(toPay.path, { intent: "pay" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/thanks?order=${toPay.orderId}`);
    const after = await client.html(toPay.path);
    expect(after).toContain("Платёж проведён.");
    expect(after).not.toContain(">Оплатить<");
    // Pressed again from a stale page: nothing changes, the same way back.
    expect((await client.postForm(toPay.path, { intent: "cancel" })).headers.get("location")).toBe(`/thanks?order=${toPay.orderId}`);
  });

  it("'Отменить' sends the buyer back too; the page then says it is canceled", async () => {
    const client = new ShopClient(shop.url);
    const canceled = await client.postForm(toCancel.path, { intent: "cancel" });
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get("location")).toBe(`/thanks?order=${toCancel.orderId}`);
    expect(await client.html(toCancel.path)).toContain("Платёж отменён.");
  });

  it("answers 404 for an unknown payment and 400 for an unknown button", async () => {
    const client = new ShopClient(shop.url);
    const unknown = await client.get("/payment/sandbox/00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect((await client.postForm("/payment/sandbox/00000000-0000-4000-8000-000000000000", { intent: "pay" })).status).toBe(404);
    expect((await client.postForm(toPay.path, { intent: "refund" })).status).toBe(400);
    // An id with a NUL answered 503 on PostgreSQL, which refuses it in text (found by the hostile-input suite).
    expect((await client.get("/payment/sandbox/%00")).status).toBe(404);
    expect((await client.postForm("/payment/sandbox/a%00b", { intent: "cancel" })).status).toBe(404);
  });

  it("leaves the paid order paid and the canceled one awaiting payment with the reason", async () => {
    await shop.stop();
    expect(await orderState(database, toPay.orderId)).toEqual({ status: "paid", attempts: [{ status: "succeeded", failureReason: null }] });
    const canceled = await orderState(database, toCancel.orderId);
    expect(canceled.status).toBe("awaiting_payment");
    expect(canceled.attempts).toEqual([{ status: "canceled", failureReason: expect.stringMatching(/отменён/) }]);
  });
});

describe("YooKassa notifications at /api/payments/yookassa/webhook", () => {
  const YOOKASSA_IP = "185.71.76.5";
  let database: ShopDatabase;
  let shop: Shop;
  let yookassa: FakeServer;
  /** What the fake YooKassa answers for GET /v3/payments/{id}. */
  const answers = new Map<string, () => FakeReply>();
  let good: TestOrder & { paymentId: string };
  let wrongAmount: TestOrder & { paymentId: string };
  let created = 0;

  const paymentJson = (id: string, status: string, amount: number, orderId: number): FakeReply => ({
    status: 200,
    contentType: "application/json",
    body: JSON.stringify({
      id,
      status,
      paid: status === "succeeded",
      amount: { value: amount.toFixed(2), currency: "RUB" },
      metadata: { order_id: String(orderId) },
      ...(status === "pending"
        ? { confirmation: { type: "redirect", confirmation_url: `https://yoomoney.ru/api-pages/v2/payment-confirm/epl?orderId=${id}` } }
        : {}),
    }),
  });

  beforeAll(async () => {
    yookassa = await startFakeHttpServer((request) => {
      if (request.method === "POST" && request.path === "/v3/payments") {
        const body = JSON.parse(request.body) as { amount: { value: string }; metadata: { order_id: string } };
        const id = `2e5b1c9a-000f-5000-8000-${String(++created).padStart(12, "0")}`;
        return paymentJson(id, "pending", Number(body.amount.value), Number(body.metadata.order_id));
      }
      const answer = answers.get(request.path.replace("/v3/payments/", ""));
      return answer ? answer() : { status: 404, contentType: "application/json", body: JSON.stringify({ type: "error", code: "not_found" }) };
    });
    const settings = { shopId: "100500", secretKey: "test_SeCrEt", baseUrl: yookassa.baseUrl, timeoutMs: 2_000 };
    database = await createShopDatabase();
    [good, wrongAmount] = await database.use(async ({ db }) => {
      const provider = createYooKassaProvider(settings);
      const started = [];
      for (let index = 0; index < 2; index++) {
        const order = await placeTestOrder(db);
        const result = await startPayment(db, provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
        if (result.kind !== "redirect") throw new Error(`payment not started: ${result.reason}`);
        started.push({ ...order, paymentId: (await latestPayment(db, order.orderId))!.providerPaymentId! });
      }
      return started as [TestOrder & { paymentId: string }, TestOrder & { paymentId: string }];
    });
    shop = await database.start({
      PUBLIC_URL,
      PAYMENT_PROVIDER: "yookassa",
      YOOKASSA_SHOP_ID: settings.shopId,
      YOOKASSA_SECRET_KEY: settings.secretKey,
      YOOKASSA_BASE_URL: yookassa.baseUrl,
      PAYMENT_TIMEOUT_MS: "2000",
      // The shop sits behind a proxy here: YooKassa's address comes in X-Forwarded-For.
      TRUST_PROXY: "true",
    });
  });
  afterAll(async () => {
    await shop?.stop();
    await database?.remove();
    await yookassa?.close();
  });

  const notify = (body: unknown, from: string | null = YOOKASSA_IP) => {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (from) headers["X-Forwarded-For"] = from;
    return new ShopClient(shop.url).request("POST", "/api/payments/yookassa/webhook", typeof body === "string" ? body : JSON.stringify(body), { headers });
  };
  const succeeded = (paymentId: string) => ({ type: "notification", event: "payment.succeeded", object: { id: paymentId, status: "succeeded", paid: true } });

  it("accepts a notification from YooKassa's address after fetching the payment, and a duplicate too", async () => {
    answers.set(good.paymentId, () => paymentJson(good.paymentId, "succeeded", good.total, good.orderId));
    yookassa.requests.length = 0;
    const first = await notify(succeeded(good.paymentId));
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ data: { status: "accepted" } });
    expect(yookassa.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /v3/payments/${good.paymentId}`]);
    expect(yookassa.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from("100500:test_SeCrEt").toString("base64")}`);
    const again = await notify(succeeded(good.paymentId), `${YOOKASSA_IP}, 10.0.0.1`);
    expect(again.status).toBe(200);
  });

  it("refuses other addresses and bad bodies with 4xx JSON, never 500, without asking YooKassa", async () => {
    yookassa.requests.length = 0;
    // "185.71.76.5, 203.0.113.9": the client wrote YooKassa's address itself, the proxy appended the real one.
    for (const from of ["203.0.113.9", null, `${YOOKASSA_IP}, 203.0.113.9`, `${YOOKASSA_IP}, garbage`]) {
      const refused = await notify(succeeded(wrongAmount.paymentId), from);
      expect(refused.status, String(from)).toBe(403);
      expect(JSON.parse(refused.text)).toMatchObject({ error: { code: "forbidden_source", message: expect.any(String) } });
    }
    for (const body of ["{not json", "[]", JSON.stringify({ type: "notification", event: "payment.succeeded", object: { id: "../../refunds" } })]) {
      const bad = await notify(body);
      expect(bad.status, body).toBe(400);
      expect(JSON.parse(bad.text).error.code).toMatch(/^bad_/);
    }
    expect(yookassa.requests).toEqual([]);
    expect((await new ShopClient(shop.url).get("/api/payments/yookassa/webhook")).status).toBe(405);
  });

  it("acknowledges a succeeded payment of another amount without paying the order; asks again later when YooKassa fails", async () => {
    answers.set(wrongAmount.paymentId, () => paymentJson(wrongAmount.paymentId, "succeeded", wrongAmount.total - 100, wrongAmount.orderId));
    expect((await notify(succeeded(wrongAmount.paymentId))).status).toBe(200);
    answers.set("2e5b1c9a-000f-5000-8000-999999999999", () => ({ status: 500, contentType: "application/json", body: "{}" }));
    const down = await notify(succeeded("2e5b1c9a-000f-5000-8000-999999999999"));
    expect(down.status).toBe(503);
    expect(JSON.parse(down.text).error.code).toBe("provider_unavailable");
    expect((await notify(succeeded("2e5b1c9a-000f-5000-8000-000000000404"))).status).toBe(404);
  });

  it("has no sandbox page while YooKassa takes the payments", async () => {
    expect((await new ShopClient(shop.url).get("/payment/sandbox/anything")).status).toBe(404);
  });

  it("leaves the first order paid and the one with the wrong amount awaiting payment", async () => {
    await shop.stop();
    expect((await orderState(database, good.orderId)).status).toBe("paid");
    const wrong = await orderState(database, wrongAmount.orderId);
    expect(wrong.status).toBe("awaiting_payment");
    expect(wrong.attempts).toEqual([{ status: "succeeded", failureReason: expect.stringMatching(/Сумма платежа не совпала/) }]);
  });
});
