// A buy-back a seller can trust and the staff's queue, with
// JavaScript off: a request for a listed coin gets a quote number and its price for the stated
// condition, held for BUYBACK_QUOTE_MINUTES (1 here) and quoted again after; the staff accept
// at the held price, offer another or decline with a reason from /admin/buyback, each answer
// audited and told to the seller by SMS ('buyback_answered'); the seller follows it in
// /my/buyback and answers an offer there.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBuybackQuoteNumber } from "#app/modules/buyback/statuses.ts";
import { auditLog, buybackEvents, buybackRequests } from "#app/modules/db/schema.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { type Buyer, newPhone, signedInBuyer } from "#tests/support/buyer.ts";
import { findByTestId, inputValue, textByTestId, textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";
import { addStaffMembers, signedInStaff } from "#tests/support/staff.ts";

let database: ShopDatabase;
let shop: Shop;
let scratch: string;
let smsOutbox: string;
let seller: Buyer;
let manager: ShopClient;
let content: ShopClient;

const staff = { manager: newPhone(), content: newPhone() };
const coinName = "Георгий Победоносец 50 рублей (ММД)";
/** The coin's id in the form and its buy-back price on /coin-buyback (the one rule). */
let coin: { id: string; listPrice: number };
/** The request left alone until its one-minute price lock has run out. */
let expiring: { number: string; heldTotal: number; sentAt: number };

const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const money = (amount: number) => spaces(formatMoney(amount));
const percentOf = (price: number, percent: number) => Math.floor((price * (10_000 + percent * 100)) / 10_000);
const flash = async (client: ShopClient, page: string) => spaces(textByTestId(await client.html(page), "flash") ?? "");

function eventually<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  return waitFor(read, (value) => value !== undefined, timeoutMs, what) as Promise<T>;
}

/** The seller's SMS that contains `text`, once the outbox's sender has delivered it. */
const smsTo = (phone: string, text: string) =>
  eventually(async () => (await readSmsNotices(smsOutbox, phone)).find((sms) => spaces(sms.text).includes(text)), `an SMS to ${phone} with «${text}»`);

/** The seller's card of one request on /my/buyback. */
async function sellerCard(client: ShopClient, number: string): Promise<string> {
  const cards = (await client.html("/my/buyback"))
    .split('data-testid="buyback-request"')
    .slice(1)
    .map((part) => part.split("</section>")[0]!);
  const card = cards.find((html) => html.includes(`data-quote="${number}"`));
  expect(card, number).toBeDefined();
  return card!;
}

/** Sends the /coin-buyback form; returns the quote number from the notice and the notice. */
async function requestBuyback(client: ShopClient, fields: Record<string, string>): Promise<{ number: string; notice: string }> {
  const sent = await client.postForm("/coin-buyback", { name: "Иван Петров", items: "", comment: "", consent: "on", ...fields });
  expect([sent.status, sent.headers.get("location")]).toEqual([303, "/coin-buyback"]);
  const notice = await flash(client, "/coin-buyback");
  const number = /Заявка (В-\d{6}) принята/.exec(notice)?.[1];
  expect(number, notice).toBeDefined();
  return { number: number!, notice };
}

/** Opens the manager's page of a request by its quote number (found through the queue's search). */
async function staffPage(number: string): Promise<{ href: string; html: string }> {
  const list = await manager.html(`/admin/buyback?q=${encodeURIComponent(number)}`);
  expect(textByTestId(list, "buyback-found")).toBe("Найдено: 1");
  const href = /href="(\/admin\/buyback\/\d+)"/.exec(list)![1]!;
  return { href, html: await manager.html(href) };
}

async function answer(href: string, fields: Record<string, string>): Promise<string> {
  const posted = await manager.postForm(href, fields);
  expect([posted.status, posted.headers.get("location")]).toEqual([303, href]);
  return flash(manager, href);
}

async function startShopHere() {
  shop = await database.start({ SMS_PROVIDER: "file", SMS_OUTBOX_FILE: smsOutbox, BUYBACK_QUOTE_MINUTES: "1", NOTIFY_POLL_INTERVAL_MS: "200" });
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-buyback-quotes-"));
  smsOutbox = path.join(scratch, "sms.jsonl");
  database = await createShopDatabase();
  await addStaffMembers(database, [
    { phone: staff.manager.typed, role: "manager", name: "Оценщик" },
    { phone: staff.content.typed, role: "content", name: "Редактор" },
  ]);
  await startShopHere();
  seller = await signedInBuyer(shop.url, smsOutbox);
  manager = await signedInStaff(shop.url, smsOutbox, staff.manager);
  content = await signedInStaff(shop.url, smsOutbox, staff.content);
  const page = await seller.client.html("/coin-buyback");
  const id = new RegExp(`<option value="(\\d+)">${coinName.replace(/[()]/g, "\\$&")}</option>`).exec(page)?.[1];
  // The price of the 'отличное' column, 0 % by default: the one rule's price itself.
  const row = new RegExp(`${coinName.replace(/[()]/g, "\\$&")}</span>.*?data-grade="excellent"[^>]*>([^<]+)</td>`, "s").exec(page)?.[1];
  expect([id, row]).not.toContain(undefined);
  coin = { id: id!, listPrice: Number(spaces(row!).replace(/\D/g, "")) };
}, 300_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await rm(scratch, { recursive: true, force: true });
});

describe("a request for a listed coin", () => {
  it("gets a quote number and the price for its condition, held for BUYBACK_QUOTE_MINUTES, told by SMS and shown in /my/buyback", async () => {
    const sentAt = Date.now();
    const { number, notice } = await requestBuyback(seller.client, { phone: seller.phone.typed, offerId: coin.id, quantity: "2", grade: "good" });
    // 'хорошее' is −3 % by default.
    const each = percentOf(coin.listPrice, -3);
    expect(notice).toContain(`Цена ${money(each)} за монету, ${money(each * 2)} за 2 шт., зафиксирована до`);
    // Sent with the number the seller signed in with: it is in their account.
    expect(notice).toContain("заявку видно в личном кабинете");
    expiring = { number, heldTotal: each * 2, sentAt };

    const sms = await smsTo(seller.phone.normal, number);
    expect(spaces(sms.text)).toMatch(
      new RegExp(
        `^Аурум: заявка на выкуп ${number} получена\\. Цена ${money(each * 2)} зафиксирована до \\d\\d:\\d\\d \\(МСК\\)\\. Мы перезвоним в рабочее время\\.$`,
      ),
    );

    const card = await sellerCard(seller.client, number);
    expect(textByTestId(card, "buyback-status")).toBe("Новая");
    expect(spaces(textByTestId(card, "buyback-price") ?? "")).toMatch(new RegExp(`^${money(each * 2)}, зафиксирована до `));
    expect(textContent(card)).toContain("состояние: хорошее");
    // While it holds, there is nothing to quote again.
    expect(textContent(card)).not.toContain("Зафиксировать цену заново");
    expect(
      (await seller.client.postForm("/my/buyback", { intent: "requote", id: /\/admin\/buyback\/(\d+)/.exec((await staffPage(number)).href)![1]! })).status,
    ).toBe(303);
    expect(await flash(seller.client, "/my/buyback")).toBe("Цена ещё зафиксирована — пересчитывать не нужно");
  });

  it("is filled in with a signed-in seller's name and phone; an anonymous visitor's form is empty", async () => {
    const page = await seller.client.html("/coin-buyback");
    expect(inputValue(page, "name")).toBe("Иванов Пётр Сергеевич");
    expect(inputValue(page, "phone")).toBe(seller.phone.typed);
    const anonymous = await new ShopClient(shop.url).html("/coin-buyback");
    expect([inputValue(anonymous, "name"), inputValue(anonymous, "phone")]).toEqual(["", ""]);
  });

  it("is seen only by the seller whose phone sent it", async () => {
    const other = await signedInBuyer(shop.url, smsOutbox);
    const page = await other.client.html("/my/buyback");
    expect(page).not.toContain(expiring.number);
    expect(textContent(page)).toContain("Заявок на выкуп с вашего номера нет");
  });

  it("refuses a coin that is not on the list, with the reason beside the field and nothing saved", async () => {
    const refused = await seller.client.postForm("/coin-buyback", {
      name: "Иван",
      phone: seller.phone.typed,
      offerId: "99999",
      quantity: "1",
      grade: "good",
      items: "",
      consent: "on",
    });
    expect(refused.status).toBe(400);
    expect(textContent(refused.text)).toContain("Выберите монету из списка");
    const bad = await seller.client.postForm("/coin-buyback", {
      name: "Иван",
      phone: seller.phone.typed,
      offerId: coin.id,
      quantity: "0",
      grade: "rusty",
      items: "",
      consent: "on",
    });
    expect(bad.status).toBe(400);
    expect(textContent(bad.text)).toContain("Количество — целое число от 1 до 1000");
    expect(textContent(bad.text)).toContain("Выберите состояние монет");
    expect(findByTestId(await seller.client.html("/my/buyback"), "buyback-request")).toHaveLength(1);
  });
});

describe("the operator's grade percentages", () => {
  it("only staff who run buy-back may open the queue", async () => {
    const refused = await content.get("/admin/buyback");
    expect(refused.status).toBe(403);
    expect((await content.postForm("/admin/buyback", { excellent: "0", good: "0", defects: "0" })).status).toBe(403);
  });

  it("a bad percentage is named in Russian and changes nothing; a good one prices the next request", async () => {
    expect(await answer("/admin/buyback", { excellent: "0", good: "abc", defects: "-20" })).toBe("Хорошее: Процент — число, например −5");
    expect(inputValue(await manager.html("/admin/buyback"), "good")).toBe("-3");
    expect(await answer("/admin/buyback", { excellent: "0", good: "-3", defects: "−20" })).toBe(
      "Проценты за состояние сохранены; новые заявки считаются по ним.",
    );
    const { notice } = await requestBuyback(seller.client, { phone: newPhone().typed, offerId: coin.id, quantity: "1", grade: "defects" });
    expect(notice).toContain(`Цена ${money(percentOf(coin.listPrice, -20))}, зафиксирована до`);
    // Another number than the account's: /my/buyback lists requests by the account's number, so it is not there.
    expect(notice).not.toContain("личном кабинете");
  });
});

describe("the staff's answers", () => {
  it("accept at the held price: a stale page is refused, the seller gets the SMS and sees the agreed price", async () => {
    const { number } = await requestBuyback(seller.client, { phone: seller.phone.typed, offerId: coin.id, quantity: "1", grade: "excellent" });
    const { href, html } = await staffPage(number);
    expect(textByTestId(html, "buyback-status")).toBe("Новая");
    expect(spaces(textByTestId(html, "quoted-price") ?? "")).toContain(money(coin.listPrice));
    expect(spaces(textByTestId(html, "current-price") ?? "")).toBe(`${money(coin.listPrice)} (зафиксирована)`);
    const version = inputValue(html, "version")!;
    expect(spaces(textByTestId(html, "buyback-actions") ?? "")).toContain(`Принять по цене ${money(coin.listPrice)}`);

    expect(await answer(href, { intent: "contacted", version, note: "Позвонили, придёт завтра" })).toBe(`Заявка ${number}: Новая → Оценщик связался.`);
    // The accept button of the page loaded before that step.
    expect(await answer(href, { intent: "accept", version, expectedTotal: String(coin.listPrice) })).toBe("Заявка уже изменена, обновите страницу");
    const fresh = await manager.html(href);
    expect(await answer(href, { intent: "accept", version: inputValue(fresh, "version")!, expectedTotal: String(coin.listPrice) })).toBe(
      `Заявка ${number}: Оценщик связался → Цена согласована, ${money(coin.listPrice)}.`,
    );

    const sms = await smsTo(seller.phone.normal, `по заявке на выкуп ${number}`);
    expect(spaces(sms.text)).toBe(
      `Аурум: по заявке на выкуп ${number}: цена согласована — ${money(coin.listPrice)} за 1 шт. Приходите в офис с монетами и паспортом.`,
    );
    const card = await sellerCard(seller.client, number);
    expect(textByTestId(card, "buyback-status")).toBe("Цена согласована");
    expect(spaces(textByTestId(card, "buyback-price") ?? "")).toBe(money(coin.listPrice));
    expect(textByTestId(card, "buyback-steps")).toMatch(/Новая.*Оценщик связался.*Цена согласована/s);
    // The staff's note of the call is theirs: the seller was not sent an SMS for it, does not read it among the steps or in their data's export.
    expect((await readSmsNotices(smsOutbox, seller.phone.normal)).filter((message) => message.text.includes(number))).toHaveLength(2);
    expect(textContent(card)).not.toContain("Позвонили, придёт завтра");
    expect((await seller.client.get("/my/privacy/export")).text).not.toContain("Позвонили, придёт завтра");

    // The staff still read it, where the field said they would: among the staff's actions, not in the steps the seller sees.
    expect(textContent(html)).toContain("Заметка (видят только сотрудники)");
    const staffHtml = await manager.html(href);
    expect(textContent(staffHtml)).toContain("Ход заявки (видит продавец)");
    expect(textByTestId(staffHtml, "buyback-history")).not.toContain("Позвонили, придёт завтра");
    const audited = textByTestId(staffHtml, "buyback-audit") ?? "";
    expect(audited).toContain("Оценщик связался — «Позвонили, придёт завтра»");
    expect(audited.match(/менеджер/g)).toHaveLength(2);
  });

  it("offer another price: the seller agrees in /my/buyback, then the staff complete the deal", async () => {
    const { number } = await requestBuyback(seller.client, { phone: seller.phone.typed, offerId: coin.id, quantity: "1", grade: "excellent" });
    const { href, html } = await staffPage(number);
    expect(await answer(href, { intent: "offer", version: inputValue(html, "version")!, price: "0" })).toBe("Цена — от 1 ₽");
    // Typed as staff type: small letter, no full stop.
    expect(await answer(href, { intent: "offer", version: inputValue(html, "version")!, price: "150 000", note: "с царапиной" })).toBe(
      `Заявка ${number}: Новая → Предложена другая цена, ${money(150_000)}.`,
    );
    const sms = await smsTo(seller.phone.normal, `по заявке на выкуп ${number}`);
    expect(spaces(sms.text)).toBe(
      `Аурум: по заявке на выкуп ${number}: предлагаем ${money(150_000)} за 1 шт. С царапиной. Ответьте в личном кабинете или по телефону.`,
    );

    let card = await sellerCard(seller.client, number);
    expect(textByTestId(card, "buyback-status")).toBe("Предложена другая цена");
    // On the page the answer stands alone, as a sentence.
    expect(spaces(textByTestId(card, "buyback-answer") ?? "")).toBe(
      `Предлагаем ${money(150_000)} за 1 шт. С царапиной. Ответьте в личном кабинете или по телефону.`,
    );
    expect(spaces(textByTestId(await manager.html(href), "seller-answer") ?? "")).toBe(
      `Предлагаем ${money(150_000)} за 1 шт. С царапиной. Ответьте в личном кабинете или по телефону.`,
    );
    expect(spaces(textContent(card))).toContain(`Согласен на ${money(150_000)}`);
    const id = inputValue(card, "id")!;
    expect((await seller.client.postForm("/my/buyback", { intent: "agree", id, version: inputValue(card, "version")! })).status).toBe(303);
    expect(await flash(seller.client, "/my/buyback")).toBe(`Вы согласились на ${money(150_000)}. Ждём вас в офисе с монетами и паспортом.`);
    card = await sellerCard(seller.client, number);
    expect(textByTestId(card, "buyback-status")).toBe("Цена согласована");

    const agreed = await manager.html(href);
    expect(spaces(textByTestId(agreed, "agreed-price") ?? "")).toBe(money(150_000));
    expect(await answer(href, { intent: "complete", version: inputValue(agreed, "version")! })).toBe(`Заявка ${number}: Цена согласована → Выкуп завершён.`);
    await smsTo(seller.phone.normal, `по заявке на выкуп ${number}: выкуп завершён. Спасибо!`);
    expect(textByTestId(await manager.html(href), "buyback-actions")).toContain("Статус окончательный");
  });

  it("an offer for coins described in words, to a seller without an account, names the phone to answer by; a decline gives the reason, which the seller is told", async () => {
    const phone = newPhone();
    const { number } = await requestBuyback(seller.client, { phone: phone.typed, offerId: "", items: "Медали СССР, 5 шт." });
    const { href, html } = await staffPage(number);
    expect(textByTestId(html, "quoted-price")).toContain("нет");
    expect(await answer(href, { intent: "offer", version: inputValue(html, "version")!, price: "1 000", note: "по 200 ₽ за медаль" })).toBe(
      `Заявка ${number}: Новая → Предложена другая цена, ${money(1_000)}.`,
    );
    const offered = await smsTo(phone.normal, `по заявке на выкуп ${number}`);
    expect(spaces(offered.text)).toBe(
      `Аурум: по заявке на выкуп ${number}: предлагаем ${money(1_000)} за монеты из заявки. По 200 ₽ за медаль. Ответьте по телефону +7 (800) 500-29-72.`,
    );
    const version = inputValue(await manager.html(href), "version")!;
    expect(await answer(href, { intent: "reject", version, reason: "" })).toBe("Укажите причину отказа");
    // Typed without a full stop, the reason still ends the message as a sentence.
    expect(await answer(href, { intent: "reject", version, reason: "медали не выкупаем" })).toBe(`Заявка ${number}: Предложена другая цена → Отклонена.`);
    const sms = await smsTo(phone.normal, `заявка отклонена`);
    expect(sms.text).toBe(`Аурум: по заявке на выкуп ${number}: заявка отклонена. Причина: медали не выкупаем.`);
    expect(textByTestId(await manager.html(`/admin/buyback?status=rejected`), "buyback-table")).toContain(number);
  });
});

describe("after the price lock runs out", () => {
  it("the seller sees the price of now and has it quoted and held again", async () => {
    // Rather than wait the minute out, the lock is moved a minute back with the shop stopped
    // (the embedded database allows one process).
    await shop.stop();
    const id = parseBuybackQuoteNumber(expiring.number)!;
    const lockedUntil = await database.use(async ({ db }) => {
      const [request] = await db.select({ until: buybackRequests.lockedUntil }).from(buybackRequests).where(eq(buybackRequests.id, id));
      await db
        .update(buybackRequests)
        .set({ lockedUntil: new Date(request!.until!.getTime() - 60_000) })
        .where(eq(buybackRequests.id, id));
      return request!.until!;
    });
    // It was held for BUYBACK_QUOTE_MINUTES (1 here) from the request.
    expect(lockedUntil.getTime() - expiring.sentAt).toBeGreaterThanOrEqual(60_000);
    expect(lockedUntil.getTime() - expiring.sentAt).toBeLessThan(70_000);
    await startShopHere();
    const client = new ShopClient(shop.url, { jar: seller.client.jar });
    let card = await sellerCard(client, expiring.number);
    const now = percentOf(coin.listPrice, -3) * 2;
    expect(spaces(textByTestId(card, "buyback-price") ?? "")).toBe(`${money(expiring.heldTotal)} — срок фиксации истёк; по котировкам сейчас ${money(now)}`);
    expect(textContent(card)).toContain("Зафиксировать цену заново");
    const posted = await client.postForm("/my/buyback", { intent: "requote", id: inputValue(card, "id")!, version: inputValue(card, "version")! });
    expect(posted.status).toBe(303);
    expect(await flash(client, "/my/buyback")).toBe(`Цена по заявке ${expiring.number} пересчитана: ${money(now)}.`);
    card = await sellerCard(client, expiring.number);
    expect(spaces(textByTestId(card, "buyback-price") ?? "")).toMatch(new RegExp(`^${money(now)}, зафиксирована до `));
    expect(textByTestId(card, "buyback-steps")).toContain("Цена пересчитана по котировкам");
  }, 60_000);
});

describe("the records", () => {
  it("every staff answer has its audit row, and every step the seller saw is kept", async () => {
    await shop.stop();
    const { audit, steps } = await database.use(async ({ db }) => ({
      audit: await db.select().from(auditLog).where(like(auditLog.action, "buyback.%")).orderBy(asc(auditLog.id)),
      steps: await db
        .select({ status: buybackEvents.status, actor: buybackEvents.actor })
        .from(buybackEvents)
        .innerJoin(buybackRequests, eq(buybackRequests.id, buybackEvents.requestId))
        .orderBy(asc(buybackEvents.id)),
    }));
    expect(audit.map((row) => [row.action, row.phone, row.role, (row.after as { status?: string } | null)?.status ?? null])).toEqual([
      ["buyback.grades", staff.manager.normal, "manager", null],
      ["buyback.status", staff.manager.normal, "manager", "contacted"],
      ["buyback.status", staff.manager.normal, "manager", "agreed"],
      ["buyback.status", staff.manager.normal, "manager", "offered"],
      ["buyback.status", staff.manager.normal, "manager", "completed"],
      ["buyback.status", staff.manager.normal, "manager", "offered"],
      ["buyback.status", staff.manager.normal, "manager", "rejected"],
    ]);
    expect(audit[0]!.after).toEqual({ excellent: 0, good: -3, defects: -20 });
    expect(audit.every((row) => row.ip)).toBe(true);
    // The seller's own agreement is a step of theirs, not a staff action.
    expect(steps.filter((step) => step.actor === "seller").map((step) => step.status)).toEqual(["new", "new", "new", "new", "agreed", "new", "new"]);
  });
});
