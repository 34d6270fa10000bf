// Fiscal receipts (54-FZ) as the built shop makes them against a fake YooKassa:
// the receipt at payment is a full prepayment with the VAT of the order's date; a completed order
// gets its settlement receipt from the shop's receipt sender (POST /v3/receipts, settled against
// the prepayment); a payment that arrives for a cancelled order is refunded with a refund receipt;
// the back office order page lists the receipts; the staff hear of the late payment by e-mail and
// Telegram. Orders are prepared in the database first.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeOrderStatus } from "#app/modules/orders/operator.server.ts";
import { applyPaymentState, latestPayment, startPayment } from "#app/modules/orders/payments.server.ts";
import { createYooKassaProvider } from "#app/modules/payments/yookassa.server.ts";
import { listReceipts } from "#app/modules/receipts/receipts.server.ts";
import { newPhone } from "#tests/support/buyer.ts";
import { runCommand } from "#tests/support/commands.ts";
import { readEmails } from "#tests/support/email-outbox.ts";
import { type FakeReply, type FakeServer, type FakeRequest, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { textByTestId } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { waitFor as waitUntil } from "#tests/support/network.ts";
import { placeTestOrder, type TestOrder } from "#tests/support/orders.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { fakeYooKassaProviderSettings, fileOutboxSettings, telegramFakeSettings, yooKassaFakeSettings } from "#tests/support/shop-settings.ts";
import { signedInStaff } from "#tests/support/staff.ts";

const PUBLIC_URL = "https://shop.example";
const YOOKASSA_IP = "185.71.76.5";
/** Georgiy Pobedonosets 50 roubles (investment, Bank of Russia: no VAT) and a Soviet chervonets (VAT). */
const EXEMPT_COIN = 1;
const TAXED_COIN = 8;

type ReceiptBody = {
  type?: string;
  payment_id?: string;
  items: Array<{ vat_code: number; payment_mode: string; payment_subject: string; amount: { value: string } }>;
  settlements?: Array<{ type: string; amount: { value: string } }>;
  customer: Record<string, string>;
};

let database: ShopDatabase;
let shop: Shop;
let yookassa: FakeServer;
let scratch: string;
let smsOutbox: string;
let emailOutbox: string;
let telegram: FakeServer;
const staffEmail = "duty@aurum.example";
const manager = newPhone();
/** What the fake YooKassa says each payment is now. */
const paymentStatus = new Map<string, { status: string; amount: number; orderId: number }>();
let created = 0;
let handedOver: TestOrder & { paymentId: string };
let cancelled: TestOrder & { paymentId: string };
const paymentBodies = new Map<number, { receipt: ReceiptBody }>();

const paymentJson = (id: string): FakeReply => {
  const payment = paymentStatus.get(id);
  if (!payment) return { status: 404, contentType: "application/json", body: JSON.stringify({ type: "error", code: "not_found" }) };
  return {
    status: 200,
    contentType: "application/json",
    body: JSON.stringify({
      id,
      status: payment.status,
      paid: payment.status === "succeeded",
      amount: { value: payment.amount.toFixed(2), currency: "RUB" },
      metadata: { order_id: String(payment.orderId) },
      ...(payment.status === "pending" ? { confirmation: { type: "redirect", confirmation_url: `https://yoomoney.ru/checkout?orderId=${id}` } } : {}),
    }),
  };
};

function fakeYooKassa(request: FakeRequest): FakeReply {
  const json = (body: unknown): FakeReply => ({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
  if (request.method === "POST" && request.path === "/v3/payments") {
    const body = JSON.parse(request.body) as { amount: { value: string }; metadata: { order_id: string }; receipt: ReceiptBody };
    const id = `2e5b1c9a-000f-5000-8000-${String(++created).padStart(12, "0")}`;
    paymentBodies.set(Number(body.metadata.order_id), body);
    paymentStatus.set(id, { status: "pending", amount: Number(body.amount.value), orderId: Number(body.metadata.order_id) });
    return paymentJson(id);
  }
  if (request.method === "POST" && request.path === "/v3/receipts") {
    const body = JSON.parse(request.body) as ReceiptBody;
    return json({ id: `rt-${body.payment_id}`, type: "payment", payment_id: body.payment_id, status: "succeeded" });
  }
  if (request.method === "POST" && request.path === "/v3/refunds") {
    const body = JSON.parse(request.body) as { payment_id: string; amount: { value: string } };
    return json({ id: `rf-${body.payment_id}`, status: "succeeded", amount: { ...body.amount, currency: "RUB" }, payment_id: body.payment_id });
  }
  if (request.method === "GET" && request.path.startsWith("/v3/payments/")) return paymentJson(request.path.replace("/v3/payments/", ""));
  return { status: 404, contentType: "application/json", body: JSON.stringify({ type: "error", code: "not_found" }) };
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-receipts-"));
  smsOutbox = path.join(scratch, "sms.jsonl");
  emailOutbox = path.join(scratch, "email.jsonl");
  yookassa = await startFakeHttpServer(fakeYooKassa);
  telegram = await startFakeHttpServer(() => ({ contentType: "application/json", body: JSON.stringify({ ok: true, result: { message_id: 1 } }) }));
  database = await createShopDatabase();
  expect((await runCommand("scripts/staff.ts", ["add", manager.typed, "manager"], database.env)).code).toBe(0);
  [handedOver, cancelled] = await database.use(async ({ db }) => {
    const provider = createYooKassaProvider(fakeYooKassaProviderSettings(yookassa.baseUrl));
    const started = [];
    for (let index = 0; index < 2; index++) {
      const order = await placeTestOrder(db, {
        lines: [
          { productId: EXEMPT_COIN, quantity: 1 },
          { productId: TAXED_COIN, quantity: 1 },
        ],
        deliveryTotal: 390,
      });
      const result = await startPayment(db, provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
      if (result.kind !== "redirect") throw new Error(`payment not started: ${result.reason}`);
      started.push({ ...order, paymentId: (await latestPayment(db, order.orderId))!.providerPaymentId! });
    }
    const [first, second] = started as [TestOrder & { paymentId: string }, TestOrder & { paymentId: string }];
    // The first is paid, then handed over at the pickup point; the second is cancelled before its payment goes through.
    paymentStatus.get(first.paymentId)!.status = "succeeded";
    await applyPaymentState(db, "yookassa", await provider.getPayment(first.paymentId), provider);
    for (const to of ["assembling", "ready_for_pickup", "completed"] as const) expect((await changeOrderStatus(db, first.number, to)).ok).toBe(true);
    expect((await changeOrderStatus(db, second.number, "cancelled")).ok).toBe(true);
    return [first, second];
  });
  yookassa.requests.length = 0;
  shop = await database.start({
    PUBLIC_URL,
    ...yooKassaFakeSettings(yookassa.baseUrl),
    ...fileOutboxSettings({ sms: smsOutbox, email: emailOutbox, staffEmail }),
    ...telegramFakeSettings(telegram.baseUrl),
    NOTIFY_POLL_INTERVAL_MS: "200",
    TRUST_PROXY: "true",
  });
}, 300_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await yookassa?.close();
  await telegram?.close();
  await rm(scratch, { recursive: true, force: true });
});

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("fiscal receipts with YooKassa", () => {
  it("sends the receipt at payment as a full prepayment: no VAT for the investment coin, 22 % for the taxed coin and the delivery", () => {
    const body = paymentBodies.get(handedOver.orderId)!;
    expect(body.receipt.items.map((item) => [item.payment_mode, item.vat_code, item.payment_subject])).toEqual([
      ["full_prepayment", 1, "commodity"],
      ["full_prepayment", 11, "commodity"],
      ["full_prepayment", 11, "service"],
    ]);
  });

  it("sends the settlement receipt of the completed order from the shop: type payment, full payment lines, settled against the prepayment", async () => {
    const request = await waitFor(() => yookassa.requests.find((seen) => seen.method === "POST" && seen.path === "/v3/receipts"), "POST /v3/receipts");
    const body = JSON.parse(request.body) as ReceiptBody;
    expect(body).toMatchObject({
      type: "payment",
      payment_id: handedOver.paymentId,
      customer: { email: "ivan@example.ru" },
      settlements: [{ type: "prepayment", amount: { value: handedOver.total.toFixed(2), currency: "RUB" } }],
    });
    expect(body.items.map((item) => [item.payment_mode, item.vat_code])).toEqual([
      ["full_payment", 1],
      ["full_payment", 11],
      ["full_payment", 11],
    ]);
    expect(request.headers["idempotence-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("100500:test_SeCrEt").toString("base64")}`);
    // Sent once: later rounds of the sender find nothing to send.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(yookassa.requests.filter((seen) => seen.path === "/v3/receipts")).toHaveLength(1);
  });

  it("refunds a payment that went through for the cancelled order with a refund receipt of the prepayment", async () => {
    paymentStatus.get(cancelled.paymentId)!.status = "succeeded";
    const notified = await new ShopClient(shop.url).request(
      "POST",
      "/api/payments/yookassa/webhook",
      JSON.stringify({ type: "notification", event: "payment.succeeded", object: { id: cancelled.paymentId, status: "succeeded", paid: true } }),
      { headers: { "Content-Type": "application/json", "X-Forwarded-For": YOOKASSA_IP } },
    );
    expect(notified.status).toBe(200);
    const request = await waitFor(() => yookassa.requests.find((seen) => seen.method === "POST" && seen.path === "/v3/refunds"), "POST /v3/refunds");
    const body = JSON.parse(request.body) as { payment_id: string; amount: { value: string }; receipt: ReceiptBody };
    expect(body.payment_id).toBe(cancelled.paymentId);
    expect(body.amount.value).toBe(cancelled.total.toFixed(2));
    expect(body.receipt.customer).toEqual({ email: "ivan@example.ru" });
    expect(body.receipt.items.map((item) => [item.payment_mode, item.vat_code, item.payment_subject])).toEqual([
      ["full_prepayment", 1, "commodity"],
      ["full_prepayment", 11, "commodity"],
      ["full_prepayment", 11, "service"],
    ]);
  });

  it("tells the staff by e-mail and Telegram that money came for the cancelled order, once", async () => {
    const headline = `Оплата ${cancelled.total.toLocaleString("ru-RU").replace(/\s/g, "\u00a0")}\u00a0₽ пришла за отменённый заказ №${cancelled.number}`;
    const telegramTexts = () => telegram.requests.map((request) => JSON.parse(request.body) as { chat_id: string; text: string });
    const toStaff = async () => (await readEmails(emailOutbox)).filter((mail) => mail.to === staffEmail && mail.subject.includes(`№${cancelled.number}`));
    const mails = await waitUntil(toStaff, (found) => found.some((mail) => mail.subject.startsWith("Оплата ")), 20_000, "the staff e-mail");
    const mail = mails.find((found) => found.subject.startsWith("Оплата "))!;
    expect(mail.subject.replace(/\s/g, " ")).toBe(`${headline} — Аурум`.replace(/\s/g, " "));
    expect(mail.text).toContain("Возврат оформляется автоматически");
    const sent = await waitUntil(
      async () => telegramTexts(),
      (texts) => texts.some((message) => message.text.startsWith("Оплата ")),
      20_000,
      "the Telegram message",
    );
    const message = sent.find((found) => found.text.startsWith("Оплата "))!;
    expect(message.chat_id).toBe("-100200300");
    expect(message.text.replace(/\s/g, " ")).toContain(headline.replace(/\s/g, " "));
    // The sender goes round again (every 200 ms): still one of each.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await toStaff()).filter((found) => found.subject.startsWith("Оплата "))).toHaveLength(1);
    expect(telegramTexts().filter((found) => found.text.startsWith("Оплата "))).toHaveLength(1);
  });

  it("lists the order's receipts on its back office page", async () => {
    const client = await signedInStaff(shop.url, smsOutbox, manager);
    const page = await client.html(`/admin/orders/${handedOver.number}`);
    const table = textByTestId(page, "order-receipts") ?? "";
    expect(table).toContain("Приход, предоплата 100 %");
    expect(table).toContain("Приход, зачёт предоплаты");
    expect(table).toContain(`rt-${handedOver.paymentId}`);
    expect(table).toContain("зарегистрирован");
    expect(table).toContain("без НДС");
    expect(table).toContain("НДС 22 %");
  });

  it("keeps every receipt on record: payment and settlement of the first order, payment and refund of the cancelled one", async () => {
    await shop.stop();
    const [first, second] = await database.use(async ({ db }) => [await listReceipts(db, handedOver.orderId), await listReceipts(db, cancelled.orderId)]);
    expect(first!.map((receipt) => [receipt.type, receipt.status, receipt.total])).toEqual([
      ["prepayment", "succeeded", handedOver.total],
      ["settlement", "succeeded", handedOver.total],
    ]);
    expect(first![1]!.providerReceiptId).toBe(`rt-${handedOver.paymentId}`);
    expect(second!.map((receipt) => [receipt.type, receipt.status])).toEqual([
      ["prepayment", "succeeded"],
      ["refund", "succeeded"],
    ]);
    expect(second![1]!.providerReceiptId).toBe(`rf-${cancelled.paymentId}`);
  });
});
