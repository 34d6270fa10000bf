// One order, many payments at once (the built shop, JavaScript off): presses of 'pay again' that
// arrive together (a double click, two tabs, a script) open one payment, not one each; money that
// still arrives for an order already paid goes back on its own through the payment service, with
// its refund receipt, and the staff and the buyer hear of it. Counted in roubles at the payment
// service: taken − returned = the order's total. Once with the built-in sandbox, once with a
// YooKassa fake and its notifications delivered several times at once. On PostgreSQL the shop
// runs two server processes, so the presses really meet in two places.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/modules/db/client.server.ts";
import { orders, payments, receipts, refunds, sandboxPayments } from "#app/modules/db/schema.ts";
import { type PaymentProvider } from "#app/modules/payments/provider.ts";
import { startPayment } from "#app/modules/orders/payments.server.ts";
import { createSandboxProvider } from "#app/modules/payments/sandbox.server.ts";
import { createYooKassaProvider } from "#app/modules/payments/yookassa.server.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { placeOrderByForms, signedInBuyer, type Buyer } from "#tests/support/buyer.ts";
import { readEmails } from "#tests/support/email-outbox.ts";
import { type FakeYooKassa, startFakeYooKassa } from "#tests/support/fake-yookassa.ts";
import { textByTestId, textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import { placeTestOrder, type TestOrder } from "#tests/support/orders.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { fakeYooKassaProviderSettings, fileOutboxSettings, yooKassaFakeSettings } from "#tests/support/shop-settings.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";

const PUBLIC_URL = "http://shop.example";
const STAFF_EMAIL = "staff@shop.example";
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const money = (amount: number) => spaces(formatMoney(amount));
const times = <T>(n: number, make: () => Promise<T>) => Promise.all(Array.from({ length: n }, make));

type Outboxes = { scratch: string; sms: string; email: string };

async function outboxes(): Promise<Outboxes> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), "shop-payment-races-"));
  return { scratch, sms: path.join(scratch, "sms.jsonl"), email: path.join(scratch, "email.jsonl") };
}

/** The shop's settings here: file outboxes, a quick sender, and two processes where the database allows it. */
function shopSettings(database: ShopDatabase, files: Outboxes): Record<string, string> {
  return {
    PUBLIC_URL,
    ...fileOutboxSettings({ sms: files.sms, email: files.email, staffEmail: STAFF_EMAIL }),
    NOTIFY_POLL_INTERVAL_MS: "200",
    ...(database.env.DATABASE_URL ? { WEB_CONCURRENCY: "2" } : {}),
  };
}

/**
 * An order with two payment pages open at the payment service, as the shop used to leave them:
 * the first the shop has given up on (it thinks it canceled; YooKassa cannot cancel a redirect
 * payment), the second its live attempt.
 */
async function orderWithTwoPaymentPages(db: Database, provider: PaymentProvider): Promise<TestOrder & { forgotten: string; live: string }> {
  const order = await placeTestOrder(db);
  const first = await startPayment(db, provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
  if (first.kind !== "redirect") throw new Error(`payment not started: ${first.reason}`);
  await db.update(payments).set({ status: "canceled", failureReason: "Платёжный сервис не ответил" }).where(eq(payments.orderId, order.orderId));
  const second = await startPayment(db, provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
  if (second.kind !== "redirect") throw new Error(`payment not started: ${second.reason}`);
  const attempts = await db.select().from(payments).where(eq(payments.orderId, order.orderId)).orderBy(payments.id);
  expect(attempts.map((attempt) => attempt.status)).toEqual(["canceled", "pending"]);
  return { ...order, forgotten: attempts[0]!.providerPaymentId!, live: attempts[1]!.providerPaymentId! };
}

/** What the shop recorded of an order's payments and refunds. */
async function paymentBook(db: Database, orderId: number) {
  const [order] = await db.select({ status: orders.status, total: orders.total }).from(orders).where(eq(orders.id, orderId));
  const attempts = await db.select().from(payments).where(eq(payments.orderId, orderId));
  const refundRows = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const refundReceipts = refundRows.length
    ? await db
        .select()
        .from(receipts)
        .where(
          inArray(
            receipts.refundRowId,
            refundRows.map((row) => row.id),
          ),
        )
    : [];
  return { order: order!, attempts, refunds: refundRows, refundReceipts };
}

/** The staff's e-mail and the buyer's SMS about the money that came twice, once the sender has sent them. */
async function surplusMessages(files: Outboxes, order: { number: string; phone: string; total: number }) {
  const staff = await waitFor(
    async () =>
      (await readEmails(files.email)).filter(
        (mail) => mail.to === STAFF_EMAIL && mail.subject.includes(`№${order.number}`) && /уже оплаченный/.test(mail.subject),
      ),
    (found) => found.length > 0,
    15_000,
    "the staff's e-mail about a second payment",
  );
  const buyer = await waitFor(
    async () => (await readSmsNotices(files.sms, order.phone)).filter((sms) => sms.text.includes("возврат")),
    (found) => found.length > 0,
    15_000,
    "the buyer's refund SMS",
  );
  return { staff, buyer };
}

describe("many pays of one order at once, in the sandbox", () => {
  let database: ShopDatabase;
  let shop: Shop;
  let files: Outboxes;
  let buyer: Buyer;
  let attacked: { orderId: number; paymentUrls: string[] };
  let twice: TestOrder & { forgotten: string; live: string; pagesPaid?: number };

  beforeAll(async () => {
    files = await outboxes();
    database = await createShopDatabase();
    twice = await database.use(({ db }) => orderWithTwoPaymentPages(db, createSandboxProvider(db, { publicUrl: PUBLIC_URL })));
    shop = await database.start(shopSettings(database, files));
    buyer = await signedInBuyer(shop.url, files.sms);
  }, 300_000);
  afterAll(async () => {
    await shop?.stop();
    await database?.remove();
    if (files) await rm(files.scratch, { recursive: true, force: true });
  });

  it("after «Отменить», six presses of 'pay' at once open one payment page; paying it six times at once takes the money once", async () => {
    const { orderId, paymentUrl } = await placeOrderByForms(buyer, 1);
    const page = new URL(paymentUrl).pathname;
    expect((await buyer.client.postForm(page, { intent: "cancel" })).headers.get("location")).toBe(`/thanks?order=${orderId}`);
    // The page the buyer lands on says why, in sentences that end once, and until when the order can still be paid.
    const errorPage = await buyer.client.html(`/payment-error?order=${orderId}`);
    const said = spaces(textByTestId(errorPage, "payment-error") ?? "");
    expect(said).toContain("Платёж отменён на тестовой странице оплаты. Попробуйте оплатить ещё раз.");
    expect(said).not.toMatch(/\.\./);
    expect(spaces(textByTestId(errorPage, "payment-deadline") ?? "")).toMatch(/^Оплатите до \d{2}:\d{2} \(МСК\)\. Неоплаченный заказ будет отменён/);
    const failedMail = await waitFor(
      async () => (await readEmails(files.email)).find((mail) => mail.to === buyer.email && /не прошла/.test(mail.subject)),
      (found) => found !== undefined,
      15_000,
      "the buyer's e-mail about the failed payment",
    );
    expect(spaces(failedMail!.text)).toContain("Попробуйте оплатить ещё раз.\n");
    expect(failedMail!.text).not.toMatch(/\.\./);
    const pressed = await times(6, () => buyer.client.postForm(`/payment-error?order=${orderId}`, { intent: "pay" }));
    expect(pressed.map((answer) => answer.status)).toEqual(Array(6).fill(303));
    const pages = [...new Set(pressed.map((answer) => answer.headers.get("location")!))];
    expect(pages, "payment pages the six presses opened").toHaveLength(1);
    expect(pages[0]).toMatch(/\/payment\/sandbox\/[0-9a-f-]{36}$/);
    expect(pages[0]).not.toContain(page);
    // Pressed again later: the same live page, not another.
    expect((await buyer.client.postForm(`/payment-error?order=${orderId}`, { intent: "pay" })).headers.get("location")).toBe(pages[0]);
    const paid = await times(6, () => buyer.client.postForm(new URL(pages[0]!).pathname, { intent: "pay" }));
    expect(paid.map((answer) => answer.headers.get("location"))).toEqual(Array(6).fill(`/thanks?order=${orderId}`));
    attacked = { orderId, paymentUrls: [paymentUrl, pages[0]!] };
  });

  it("money paid at once on two pages of one order: the order is paid once; a page the shop closed first takes nothing, and money the other took goes back with its receipt, the staff and the buyer told", async () => {
    const client = new ShopClient(shop.url);
    // Both pages paid at the same moment, each pressed three times.
    await Promise.all(
      [twice.live, twice.forgotten, twice.live, twice.forgotten, twice.live, twice.forgotten].map((id) =>
        client.postForm(`/payment/sandbox/${id}`, { intent: "pay" }),
      ),
    );
    // Two orders of events are right: the page the shop had given up on is paid first, and the shop
    // closes the live page before its money is taken; or both take money, and the second goes back.
    const pages = await Promise.all([twice.live, twice.forgotten].map(async (id) => spaces(textContent(await client.html(`/payment/sandbox/${id}`)))));
    const took = pages.filter((text) => text.includes("Платёж проведён.")).length;
    expect(took + pages.filter((text) => text.includes("Платёж отменён.")).length, "both pages are closed").toBe(2);
    twice.pagesPaid = took;
    if (took === 1) return;
    const { staff, buyer: sms } = await surplusMessages(files, twice);
    expect(staff.length).toBeGreaterThan(0);
    expect(spaces(sms.at(-1)!.text)).toBe(`Аурум: возврат ${money(twice.total)} по заказу №${twice.number} оформлен.`);
    const buyerMail = await waitFor(
      async () => (await readEmails(files.email)).filter((mail) => mail.to === "ivan@example.ru" && mail.subject.includes(`№${twice.number}`)),
      (found) => found.some((mail) => /оплачен дважды/.test(mail.text)),
      15_000,
      "the buyer's e-mail about the second payment",
    );
    expect(spaces(buyerMail.find((mail) => /оплачен дважды/.test(mail.text))!.text)).toContain(`лишние ${money(twice.total)} мы вернём автоматически`);
  });

  it("counts the money: taken − returned is each order's total, one paid attempt each, every surplus refunded with a refund receipt", async () => {
    await shop.stop();
    await database.use(async ({ db }) => {
      for (const orderId of [attacked.orderId, twice.orderId]) {
        const book = await paymentBook(db, orderId);
        const service = await db
          .select()
          .from(sandboxPayments)
          .where(eq(sandboxPayments.orderId, String(orderId)));
        const taken = service.filter((row) => row.status === "succeeded").reduce((sum, row) => sum + row.amount, 0);
        const returned = service.reduce((sum, row) => sum + row.refundedAmount, 0);
        expect(book.order.status, `order ${orderId}`).toBe("paid");
        expect(taken - returned, `order ${orderId}: taken ${taken}, returned ${returned}`).toBe(book.order.total);
        const kept = book.attempts.filter((attempt) => attempt.status === "succeeded" && !book.refunds.some((refund) => refund.paymentId === attempt.id));
        expect(kept, `order ${orderId}: attempts that kept the money`).toHaveLength(1);
        expect(book.refunds.every((refund) => refund.status === "succeeded")).toBe(true);
        expect(book.refundReceipts.map((receipt) => [receipt.type, receipt.total])).toEqual(book.refunds.map((refund) => ["refund", refund.amount]));
      }
      expect((await paymentBook(db, attacked.orderId)).attempts).toHaveLength(2);
      // What the second page took, if it took anything, went back whole.
      expect((await paymentBook(db, twice.orderId)).refunds.map((refund) => refund.amount)).toEqual(twice.pagesPaid === 2 ? [twice.total] : []);
    });
  });
});

describe("many pays and notifications of one order at once, with YooKassa", () => {
  const YOOKASSA_IP = "185.71.76.5";
  let database: ShopDatabase;
  let shop: Shop;
  let files: Outboxes;
  let yookassa: FakeYooKassa;
  let buyer: Buyer;
  let attackedOrderId = 0;
  let twice: TestOrder & { forgotten: string; live: string; pagesPaid?: number };

  beforeAll(async () => {
    files = await outboxes();
    yookassa = await startFakeYooKassa();
    database = await createShopDatabase();
    twice = await database.use(({ db }) => orderWithTwoPaymentPages(db, createYooKassaProvider(fakeYooKassaProviderSettings(yookassa.baseUrl))));
    shop = await database.start({ ...shopSettings(database, files), ...yooKassaFakeSettings(yookassa.baseUrl), TRUST_PROXY: "true" });
    buyer = await signedInBuyer(shop.url, files.sms);
  }, 300_000);
  afterAll(async () => {
    await shop?.stop();
    await database?.remove();
    await yookassa?.close();
    if (files) await rm(files.scratch, { recursive: true, force: true });
  });

  const notify = (paymentId: string) =>
    new ShopClient(shop.url).request(
      "POST",
      "/api/payments/yookassa/webhook",
      JSON.stringify({ type: "notification", event: "payment.succeeded", object: { id: paymentId, status: "succeeded", paid: true } }),
      {
        headers: { "Content-Type": "application/json", "X-Forwarded-For": YOOKASSA_IP },
      },
    );

  it("after a canceled payment, six presses at once create one new payment at YooKassa; its notifications at once pay the order once", async () => {
    const { orderId, paymentUrl } = await placeOrderByForms(buyer, 1);
    attackedOrderId = orderId;
    const [first] = yookassa.payments.filter((payment) => payment.orderId === String(orderId));
    expect(paymentUrl).toContain(first!.id);
    yookassa.decide(first!.id, "canceled");
    const pressed = await times(6, () => buyer.client.postForm(`/payment-error?order=${orderId}`, { intent: "pay" }));
    const pages = [...new Set(pressed.map((answer) => answer.headers.get("location")))];
    const created = yookassa.payments.filter((payment) => payment.orderId === String(orderId));
    expect(created, "payments YooKassa was asked for").toHaveLength(2);
    expect(pages).toEqual([expect.stringContaining(created[1]!.id)]);
    yookassa.decide(created[1]!.id, "succeeded");
    const answers = await times(6, () => notify(created[1]!.id));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(yookassa.taken(orderId) - yookassa.returned(orderId)).toBe(created[1]!.amount);
  });

  it("both pages paid and every notification delivered three times at once: the second payment is refunded once, with its receipt; staff and buyer told", async () => {
    yookassa.decide(twice.live, "succeeded");
    yookassa.decide(twice.forgotten, "succeeded");
    const answers = await Promise.all([twice.live, twice.forgotten, twice.live, twice.forgotten, twice.live, twice.forgotten].map(notify));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(yookassa.taken(twice.orderId)).toBe(twice.total * 2);
    await waitFor(
      async () => yookassa.returned(twice.orderId),
      (returned) => returned > 0,
      10_000,
      "the refund at YooKassa",
    );
    expect(yookassa.returned(twice.orderId)).toBe(twice.total);
    const [refund] = yookassa.refunds.filter((row) => row.paymentId === twice.live || row.paymentId === twice.forgotten);
    const items = refund!.receipt!.items;
    expect(items.reduce((sum, item) => sum + Number(item.amount.value) * Number(item.quantity), 0)).toBe(twice.total);
    expect(items.every((item) => item.payment_mode === "full_prepayment")).toBe(true);
    await surplusMessages(files, twice);
  });

  it("counts the money after the shop stops: one paid attempt per order, taken − returned = the total", async () => {
    await shop.stop();
    await database.use(async ({ db }) => {
      for (const orderId of [attackedOrderId, twice.orderId]) {
        const book = await paymentBook(db, orderId);
        expect(book.order.status).toBe("paid");
        expect(yookassa.taken(orderId) - yookassa.returned(orderId)).toBe(book.order.total);
        expect(
          book.attempts.filter((attempt) => attempt.status === "succeeded" && !book.refunds.some((refund) => refund.paymentId === attempt.id)),
        ).toHaveLength(1);
        expect(book.refundReceipts.map((receipt) => [receipt.type, receipt.total])).toEqual(book.refunds.map((refund) => ["refund", refund.amount]));
      }
    });
  });
});
