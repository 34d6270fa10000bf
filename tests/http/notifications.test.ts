// What the buyer and the staff are told, read from the file outboxes a shop writes
// with SMS_PROVIDER=file and EMAIL_PROVIDER=file, and from a fake Telegram Bot API: an order
// placed, paid, a failed payment, the payment deadline letting an unpaid order go
// (ORDER_PAYMENT_TIMEOUT_MINUTES=1), shipping with a tracking number set by the operator's
// command, a buy-back request. The shop is restarted once around the command, as the
// embedded database allows one process at a time.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#app/modules/db/schema.ts";
import { type Buyer, paidOrderByForms, placeOrderByForms, productIdOf, signedInBuyer } from "#tests/support/buyer.ts";
import { runCommand } from "#tests/support/commands.ts";
import { readEmails } from "#tests/support/email-outbox.ts";
import { type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { findByTestId, textByTestId } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { fileOutboxSettings, telegramFakeSettings } from "#tests/support/shop-settings.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";

let database: ShopDatabase;
let shop: Shop;
let telegram: FakeServer;
let scratch: string;
let smsOutbox: string;
let emailOutbox: string;
const staffEmail = "manager@aurum.example";
const coin = productIdOf("300-letie-poltavskoy-bitvy-3-rublya-2009");

/** Left unpaid, for the payment deadline to let go. */
let unpaid: { buyer: Buyer; orderId: number; placedAt: number };

/** Waits until `read` finds something (the sender works every 200 ms here). */
function eventually<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  return waitFor(read, (value) => value !== undefined, timeoutMs, what) as Promise<T>;
}

const telegramTexts = () => telegram.requests.map((request) => (JSON.parse(request.body) as { text: string }).text);

const emails = () => readEmails(emailOutbox);

async function startShopHere() {
  shop = await database.start({
    ...fileOutboxSettings({ sms: smsOutbox, email: emailOutbox, staffEmail }),
    ...telegramFakeSettings(telegram.baseUrl),
    NOTIFY_POLL_INTERVAL_MS: "200",
    ORDER_PAYMENT_TIMEOUT_MINUTES: "1",
  });
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-notify-"));
  smsOutbox = path.join(scratch, "sms.jsonl");
  emailOutbox = path.join(scratch, "email.jsonl");
  telegram = await startFakeHttpServer(() => ({ contentType: "application/json", body: JSON.stringify({ ok: true, result: { message_id: 1 } }) }));
  database = await createShopDatabase();
  await startShopHere();
  const buyer = await signedInBuyer(shop.url, smsOutbox);
  const placed = await placeOrderByForms(buyer, coin);
  unpaid = { buyer, orderId: placed.orderId, placedAt: Date.now() };
});
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await telegram?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe("a new order", () => {
  it("is confirmed to the buyer by SMS and e-mail with its payment deadline, and announced to the staff by e-mail and Telegram", async () => {
    const { buyer, orderId } = unpaid;
    const orderPage = await buyer.client.html(`/my/orders/${orderId}`);
    const number = textByTestId(orderPage, "order-number")!.replace("№", "");
    const deadline = textByTestId(orderPage, "payment-deadline")!;
    expect(deadline).toMatch(/^Оплатите до \d{2}:\d{2} \(МСК\)/);
    const time = /\d{2}:\d{2}/.exec(deadline)![0];

    const sms = await eventually(async () => (await readSmsNotices(smsOutbox, buyer.phone.normal)).find((m) => m.text.includes(number)), "the buyer's SMS");
    expect(sms.text).toMatch(new RegExp(`^Аурум: заказ №${number} на [\\d\\s\\u00a0]+₽ принят\\. Оплатите до ${time} \\(МСК\\)`));

    const toBuyer = await eventually(
      async () => (await emails()).find((mail) => mail.to === buyer.email && mail.subject.includes(number)),
      "the buyer's e-mail",
    );
    expect(toBuyer.subject).toBe(`Заказ №${number} принят — Аурум`);
    expect(toBuyer.text).toContain(`/my/orders/${orderId}`);
    expect(toBuyer.html).toContain("<a href=");

    const toStaff = await eventually(async () => (await emails()).find((mail) => mail.to === staffEmail && mail.subject.includes(number)), "the staff e-mail");
    expect(toStaff.subject).toMatch(new RegExp(`^Новый заказ №${number} на`));
    expect(toStaff.text).toContain(buyer.phone.normal);
    await eventually(async () => telegramTexts().find((text) => text.startsWith(`Новый заказ №${number}`)), "the staff Telegram message");
  });

  it("tells the buyer and the staff once it is paid, and the buyer when a payment fails", async () => {
    const buyer = await signedInBuyer(shop.url, smsOutbox);
    const { orderId, paymentUrl } = await placeOrderByForms(buyer, coin);
    const number = textByTestId(await buyer.client.html(`/my/orders/${orderId}`), "order-number")!.replace("№", "");

    // First the buyer gives up on the payment page: an e-mail says so.
    const cancelled = await buyer.client.postForm(new URL(paymentUrl).pathname, { intent: "cancel" });
    expect(cancelled.status).toBe(303);
    await buyer.client.get(`/thanks?order=${orderId}`);
    const failed = await eventually(
      async () => (await emails()).find((mail) => mail.to === buyer.email && mail.subject === `Оплата заказа №${number} не прошла — Аурум`),
      "the failed-payment e-mail",
    );
    expect(failed.text).toContain("оплатить ещё раз можно на странице заказа");

    // Then pays.
    const again = await buyer.client.postForm(`/my/orders/${orderId}`, { intent: "pay" });
    const paid = await buyer.client.postForm(new URL(again.headers.get("location")!).pathname, { intent: "pay" });
    expect(paid.status).toBe(303);
    const sms = await eventually(
      async () => (await readSmsNotices(smsOutbox, buyer.phone.normal)).find((m) => m.text.includes(" оплачен, ")),
      "the 'paid' SMS",
    );
    expect(sms.text).toMatch(new RegExp(`^Аурум: заказ №${number} оплачен, [\\d\\s\\u00a0]+₽\\. Сообщим, когда он будет в пути\\.$`));
    await eventually(async () => telegramTexts().find((text) => text.startsWith(`Оплачен заказ №${number}`)), "the staff 'paid' message");
    // Each message once, however often the page was loaded.
    const paidMails = (await emails()).filter((mail) => mail.subject === `Заказ №${number} оплачен — Аурум`);
    expect(paidMails).toHaveLength(1);
  });
});

describe("a buy-back request", () => {
  it("is confirmed to the seller by SMS and reaches the staff", async () => {
    const client = new ShopClient(shop.url);
    await client.get("/coin-buyback");
    const sent = await client.postForm("/coin-buyback", {
      name: "Пётр Сидоров",
      phone: "+7 (903) 555-66-77",
      items: "Соболь, 3 шт.",
      comment: "",
      consent: "on",
    });
    expect(sent.status).toBe(303);
    const sms = await eventually(async () => (await readSmsNotices(smsOutbox, "+79035556677"))[0], "the seller's SMS");
    expect(sms.text).toMatch(/^Аурум: заявка на выкуп В-\d{6} получена\. Мы перезвоним в рабочее время\.$/);
    const staff = await eventually(
      async () => (await emails()).find((mail) => mail.to === staffEmail && mail.subject.startsWith("Заявка на выкуп")),
      "the staff e-mail",
    );
    expect(staff.text).toContain("Пётр Сидоров, +79035556677");
    expect(staff.text).toContain("Соболь, 3 шт.");
    await eventually(async () => telegramTexts().find((text) => text.startsWith("Заявка на выкуп")), "the staff Telegram message");
  });
});

describe("the payment deadline", () => {
  it("cancels an order not paid in time: coins back on sale, payment refused, the buyer told why", async () => {
    const { buyer, orderId, placedAt } = unpaid;
    // Rather than wait the minute out, the deadline is moved a minute back with the shop stopped
    // (the embedded database allows one process); the watch looks as the shop starts.
    await shop.stop();
    const due = await database.use(async ({ db }) => {
      const [order] = await db.select({ due: orders.paymentDueAt }).from(orders).where(eq(orders.id, orderId));
      await db
        .update(orders)
        .set({ paymentDueAt: new Date(order!.due!.getTime() - 60_000) })
        .where(eq(orders.id, orderId));
      return order!.due!;
    });
    // It was ORDER_PAYMENT_TIMEOUT_MINUTES (1 here) after placing, as the page and the SMS said.
    expect(due.getTime() - placedAt).toBeGreaterThan(50_000);
    expect(due.getTime() - placedAt).toBeLessThanOrEqual(60_000);
    await startShopHere();
    const client = new ShopClient(shop.url, { jar: buyer.client.jar });
    const page = await eventually(async () => {
      const html = await client.html(`/my/orders/${orderId}`);
      return textByTestId(html, "order-status") === "Отменён" ? html : undefined;
    }, "the unpaid order cancelled");
    expect(textByTestId(page, "order-cancel-reason")).toBe("Причина отмены: Время на оплату истекло");
    expect(findByTestId(page, "pay-again")).toHaveLength(0);
    expect(textByTestId(page, "order-history")).toContain("Отменён: Время на оплату истекло");
    const number = textByTestId(page, "order-number")!.replace("№", "");
    const sms = await eventually(
      async () => (await readSmsNotices(smsOutbox, buyer.phone.normal)).find((m) => m.text.includes("отменён:")),
      "the 'cancelled' SMS",
    );
    expect(sms.text).toBe(`Аурум: заказ №${number} отменён: Время на оплату истекло`);
    // Paying it now is refused with the reason.
    const pay = await client.postForm(`/my/orders/${orderId}`, { intent: "pay" });
    expect(pay.headers.get("location")).toBe(`/my/orders/${orderId}`);
  }, 60_000);
});

describe("shipping", () => {
  it("needs the tracking number, shows it on the order page with CDEK's link and sends it in the SMS", async () => {
    const buyer = await signedInBuyer(shop.url, smsOutbox);
    const { orderId, number } = await paidOrderByForms(buyer, coin);

    // The operator's commands need the embedded database to themselves.
    await shop.stop();
    const run = (...args: string[]) => runCommand("scripts/orders.ts", args, database.env);
    expect((await run("status", number, "assembling")).code).toBe(0);
    const withoutTracking = await run("status", number, "shipped");
    expect(withoutTracking.code).toBe(1);
    expect(withoutTracking.stderr).toContain(`npm run orders -- ship ${number} ТРЕК-НОМЕР`);
    const badTracking = await run("ship", number, "bad number!");
    expect([badTracking.code, badTracking.stderr.trim()]).toEqual([2, "Трек-номер: от 4 до 40 латинских букв, цифр и дефисов."]);
    const shipped = await run("ship", number, "1234567890");
    expect(shipped.code, shipped.stderr).toBe(0);
    const shown = await run("show", number);
    expect(shown.stdout).toContain("Трек-номер: 1234567890");
    expect(shown.stdout).toMatch(/История:[\s\S]*Отправлен {2}Трек-номер 1234567890/);
    // Written by the command's own transaction; the shop's sender delivers it once it runs again.
    const waiting = await run("notifications");
    expect(waiting.stdout, waiting.stdout).toMatch(/order_shipped {2}покупателю sms \+7\d{10} {2}ждёт отправки/);
    await startShopHere();

    const page = await new ShopClient(shop.url, { jar: buyer.client.jar }).html(`/my/orders/${orderId}`);
    expect(textByTestId(page, "order-tracking")).toBe("Трек-номер СДЭК: 1234567890 — отследить посылку");
    expect(page).toContain('href="https://www.cdek.ru/ru/tracking/?order_id=1234567890"');
    const history = textByTestId(page, "order-history")!;
    for (const status of ["Ожидает оплаты", "Оплачен", "Собирается", "Отправлен"]) expect(history).toContain(status);
    const sms = await eventually(
      async () => (await readSmsNotices(smsOutbox, buyer.phone.normal)).find((m) => m.text.includes("отправлен")),
      "the 'shipped' SMS",
    );
    expect(sms.text).toBe(`Аурум: заказ №${number} отправлен. Трек-номер СДЭК: 1234567890`);
  }, 240_000);
});

describe("handing over", () => {
  it("tells the buyer when the order is ready for pickup (SMS and e-mail) and when it is completed (e-mail), each once", async () => {
    const buyer = await signedInBuyer(shop.url, smsOutbox);
    const { orderId, number } = await paidOrderByForms(buyer, coin);

    await shop.stop();
    const run = (...args: string[]) => runCommand("scripts/orders.ts", args, database.env);
    for (const status of ["assembling", "ready_for_pickup", "completed"]) {
      const changed = await run("status", number, status);
      expect(changed.code, changed.stderr).toBe(0);
    }
    await startShopHere();

    const ready = `Аурум: заказ №${number} готов к выдаче. Возьмите паспорт.`;
    await waitFor(
      async () => (await readSmsNotices(smsOutbox, buyer.phone.normal)).map((m) => m.text),
      (texts) => texts.includes(ready),
      10_000,
      "the 'ready' SMS",
    );
    await waitFor(
      async () => (await emails()).map((email) => email.subject),
      (subjects) => subjects.includes(`Заказ №${number} готов к выдаче — Аурум`) && subjects.includes(`Заказ №${number} выполнен — Аурум`),
      10_000,
      "the 'ready' and 'completed' e-mails",
    );
    // The sender has gone round again: still one message of each; a completed order is not worth an SMS.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const texts = (await readSmsNotices(smsOutbox, buyer.phone.normal)).map((m) => m.text);
    expect(texts.filter((text) => text === ready)).toHaveLength(1);
    expect(texts.filter((text) => text.includes("выполнен"))).toEqual([]);
    const subjects = (await emails()).map((email) => email.subject);
    expect(subjects.filter((subject) => subject === `Заказ №${number} готов к выдаче — Аурум`)).toHaveLength(1);
    expect(subjects.filter((subject) => subject === `Заказ №${number} выполнен — Аурум`)).toHaveLength(1);
    const history = textByTestId(await new ShopClient(shop.url, { jar: buyer.client.jar }).html(`/my/orders/${orderId}`), "order-history")!;
    for (const status of ["Оплачен", "Собирается", "Готов к выдаче", "Выполнен"]) expect(history).toContain(status);
  }, 240_000);
});
