// Orders taken by staff at /admin/orders/new, with JavaScript off: a manager finds the buyer by a
// phone typed any usual way (or creates one), picks coins within stock and caps, chooses the
// delivery checkout offers, confirms at the prices shown with their time, and the order is placed by
// the checkout's own rules: online payment sends the buyer an SMS and an e-mail with the link to
// pay, payment on receipt a confirmation; who took it and from where is on the order and in the
// audit log. Refusals: another role, a buyer's session, a quantity over stock, a stale confirmation.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Buyer, newPhone, productIdOf, signedInBuyer } from "#tests/support/buyer.ts";
import { readEmails } from "#tests/support/email-outbox.ts";
import { inputValue, radioValues, textByTestId, textContent } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { fileOutboxSettings } from "#tests/support/shop-settings.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";
import { addStaffByCommand, signedInStaff } from "#tests/support/staff.ts";

let database: ShopDatabase;
let shop: Shop;
let scratch: string;
let smsOutbox: string;
let emailOutbox: string;
let buyer: Buyer;
let manager: ShopClient;
let content: ShopClient;

const staff = { manager: newPhone(), content: newPhone() };
const silver = productIdOf("300-letie-poltavskoy-bitvy-3-rublya-2009");
const plain = (text: string | undefined) => (text ?? "").replace(/[\s\u00a0\u202f]+/g, " ").trim();

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-staff-orders-"));
  smsOutbox = path.join(scratch, "sms.jsonl");
  emailOutbox = path.join(scratch, "email.jsonl");
  database = await createShopDatabase();
  await addStaffByCommand(database.env, staff.manager.typed, "manager", "Мария");
  await addStaffByCommand(database.env, staff.content.typed, "content", "Редактор");
  shop = await database.start({ ...fileOutboxSettings({ sms: smsOutbox, email: emailOutbox }), NOTIFY_POLL_INTERVAL_MS: "200" });
  buyer = await signedInBuyer(shop.url, smsOutbox);
  manager = await signedInStaff(shop.url, smsOutbox, staff.manager);
  content = await signedInStaff(shop.url, smsOutbox, staff.content);
}, 300_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await rm(scratch, { recursive: true, force: true });
});

/** The page's address without its section anchor. */
const page = (location: string | null) => location!.replace(/#.*$/, "");

/** A fresh staff order: the page gives every new one its own token by a redirect. */
async function newOrder(): Promise<string> {
  const first = await manager.get("/admin/orders/new");
  expect(first.status).toBe(302);
  const href = page(first.headers.get("location"));
  expect(href).toMatch(/^\/admin\/orders\/new\?t=staff-/);
  return href;
}

/** Posts one step and follows its redirect; returns the next address and the notice shown there. */
async function step(href: string, fields: Record<string, string>): Promise<{ href: string; flash: string; html: string }> {
  const posted = await manager.postForm(href, fields);
  expect(posted.status).toBe(303);
  const next = page(posted.headers.get("location"));
  const html = await manager.html(next);
  return { href: next, flash: plain(textByTestId(html, "flash")), html };
}

/** Buyer and coins chosen through the page's own search forms. */
async function withBuyerAndCoin(phoneTyped: string, quantity: number): Promise<string> {
  let href = await newOrder();
  const found = await manager.html(`${href}&phone=${encodeURIComponent(phoneTyped)}`);
  const buyerId = /name="buyerId" value="(\d+)"/.exec(found)?.[1];
  expect(buyerId, "the buyer is found by the phone as typed").toBeDefined();
  ({ href } = await step(href, { intent: "buyer", buyerId: buyerId! }));
  const coins = await manager.html(`${href}&coin=${encodeURIComponent("полтавской")}`);
  expect(plain(textByTestId(coins, "found-coins"))).toContain("300-летие Полтавской битвы");
  const added = await step(href, { intent: "add", productId: String(silver), quantity: String(quantity) });
  expect(added.flash).toContain(`× ${quantity} в заказе`);
  return added.href;
}

/** Stock of the coin as the page's coin search shows it. */
async function stockOf(href: string): Promise<number> {
  const html = await manager.html(`${href}&coin=${encodeURIComponent("полтавской")}`);
  return Number(/В наличии<\/[^>]+>\s*<[^>]+>(\d+)/.exec(html)?.[1] ?? /data-label="В наличии"[^>]*>(\d+)/.exec(html)?.[1]);
}

describe("an order taken by phone, paid online", () => {
  it("finds the buyer by 8…, shows the prices with their time, places the order with who took it, and sends the buyer the link to pay", async () => {
    const typed = `8 (${buyer.phone.normal.slice(2, 5)}) ${buyer.phone.normal.slice(5, 8)}-${buyer.phone.normal.slice(8, 10)}-${buyer.phone.normal.slice(10)}`;
    let href = await withBuyerAndCoin(typed, 2);
    const stockBefore = await stockOf(href);
    // A pickup point: the points appear once the delivery is chosen; until one is picked the page says so.
    let next = await step(href, { intent: "delivery", deliveryId: "79", paymentId: "4", channel: "phone" });
    expect(next.flash).toContain("Выберите пункт выдачи из списка");
    const pointCode = radioValues(next.html, "pointCode")[0]!;
    next = await step(next.href, { intent: "delivery", deliveryId: "79", pointCode, paymentId: "4", channel: "phone", comment: "Позвонить перед доставкой" });
    expect(next.href).toContain("step=confirm");
    const confirm = next.html;
    expect(plain(textByTestId(confirm, "quote-time"))).toMatch(/^Цены на \d\d\.\d\d\.\d{4}/);
    const total = plain(textByTestId(confirm, "confirm-total"));
    const seenGoods = inputValue(confirm, "seenGoods")!;
    const seenDelivery = inputValue(confirm, "seenDelivery")!;
    href = next.href;

    // A confirmation made from prices that have moved since (the total differs) places nothing and shows the new ones.
    const stale = await step(href, { intent: "place", seenGoods: String(Number(seenGoods) - 100), seenDelivery });
    expect(stale.flash).toContain("Цены изменились с момента расчёта");
    expect(stale.href).toContain("step=confirm");
    expect(plain(textByTestId(stale.html, "confirm-total"))).toBe(total);

    const placed = await manager.postForm(href, { intent: "place", seenGoods, seenDelivery });
    expect(placed.status).toBe(303);
    const orderHref = placed.headers.get("location")!;
    const number = /^\/admin\/orders\/([\d-]+)$/.exec(orderHref)?.[1];
    expect(number).toBeDefined();
    const order = await manager.html(orderHref);
    expect(plain(textByTestId(order, "flash"))).toBe(`Заказ №${number} оформлен. Покупателю отправлены SMS и письмо со ссылкой на оплату.`);
    expect(textByTestId(order, "order-status")).toBe("Ожидает оплаты");
    expect(plain(textByTestId(order, "order-total"))).toBe(total);
    expect(plain(textByTestId(order, "order-taken-by"))).toBe(`Мария, ${staff.manager.normal}, по телефону`);
    expect(plain(textByTestId(order, "order-audit"))).toContain("Заказ принят сотрудником");
    // The same confirmation pressed twice: the order it made, not a second one.
    const again = await manager.postForm(href, { intent: "place", seenGoods, seenDelivery });
    expect(again.headers.get("location")).toBe(orderHref);
    // The coins left the stock once.
    expect(await stockOf(await newOrder())).toBe(stockBefore - 2);

    const sms = await waitFor(
      async () => (await readSmsNotices(smsOutbox, buyer.phone.normal)).find((message) => message.text.includes(`№${number}`)),
      (found) => found !== undefined,
      10_000,
      "the buyer's SMS",
    );
    const orderId = /\/my\/orders\/(\d+)/.exec(sms!.text)?.[1];
    expect(plain(sms!.text)).toMatch(new RegExp(`принят\\. Оплатите до .+ Оплатить: http\\S+/my/orders/${orderId}$`));
    const email = await waitFor(
      async () => (await readEmails(emailOutbox)).find((message) => message.to === buyer.email && message.subject.includes(`№${number}`)),
      (found) => found !== undefined,
      10_000,
      "the buyer's e-mail",
    );
    expect(email!.html).toContain("Оплатить заказ");
    // The link opens the order for the buyer, who can pay it there.
    const mine = await buyer.client.html(`/my/orders/${orderId}`);
    expect(textContent(mine)).toContain("Оплатить заказ");
  });
});

describe("an order taken in the office, paid on receipt", () => {
  it("creates the buyer, needs the courier's address for special delivery, and tells the buyer it is paid on receipt", async () => {
    const phone = newPhone();
    let href = await newOrder();
    const search = await manager.html(`${href}&phone=${encodeURIComponent(phone.typed)}`);
    expect(plain(textByTestId(search, "buyer-search-message"))).toBe("Покупателя с таким телефоном нет — создайте его ниже.");
    const created = await step(href, {
      intent: "create-buyer",
      lastName: "Смирнова",
      name: "Анна",
      secondName: "",
      phone: `+7 ${phone.normal.slice(2)}`,
      email: "anna.smirnova@example.ru",
    });
    expect(created.flash).toBe("Покупатель создан");
    expect(plain(textByTestId(created.html, "chosen-buyer"))).toContain("Смирнова Анна");
    href = created.href;
    ({ href } = await step(href, { intent: "add", productId: String(silver), quantity: "1" }));
    // Payment on receipt goes with special-contact delivery only, as at checkout.
    let next = await step(href, { intent: "delivery", deliveryId: "79", paymentId: "6", channel: "office" });
    expect(next.flash).toContain("Этот способ оплаты недоступен для выбранной доставки");
    next = await step(next.href, { intent: "delivery", deliveryId: "43", paymentId: "6", channel: "office" });
    expect(next.flash).toContain("Для курьера укажите улицу и дом");
    expect(radioValues(next.html, "paymentId")).toEqual(["4", "6"]);
    next = await step(next.href, { intent: "delivery", deliveryId: "43", paymentId: "6", channel: "office", street: "Тверская", house: "7" });
    expect(next.href).toContain("step=confirm");
    const placed = await manager.postForm(next.href, {
      intent: "place",
      seenGoods: inputValue(next.html, "seenGoods")!,
      seenDelivery: inputValue(next.html, "seenDelivery")!,
    });
    const orderHref = placed.headers.get("location")!;
    const order = await manager.html(orderHref);
    const number = orderHref.split("/").pop()!;
    expect(plain(textByTestId(order, "flash"))).toBe(`Заказ №${number} оформлен. Покупателю отправлены SMS и письмо, оплата при получении.`);
    expect(textByTestId(order, "order-status")).toBe("Новый");
    expect(plain(textByTestId(order, "order-taken-by"))).toContain("в офисе");
    expect(plain(textByTestId(order, "order-delivery-place"))).toContain("Тверская, 7");
    const sms = await waitFor(
      async () => (await readSmsNotices(smsOutbox, phone.normal)).find((message) => message.text.includes(`№${number}`)),
      (found) => found !== undefined,
      10_000,
      "the new buyer's SMS",
    );
    expect(plain(sms!.text)).toContain("Оплата при получении");
    expect(sms!.text).not.toContain("Оплатить:");
  });
});

describe("refusals", () => {
  it("another role gets 403 and a buyer's session is not staff; nothing is placed", async () => {
    expect((await content.get("/admin/orders/new")).status).toBe(403);
    const href = await newOrder();
    expect((await content.postForm(href, { intent: "add", productId: String(silver), quantity: "1" })).status).toBe(403);
    // A buyer's own session (a forged role cookie is not a staff session): sent to the staff sign-in.
    const asBuyer = await buyer.client.postForm(href, { intent: "place", seenGoods: "1", seenDelivery: "0" });
    expect(asBuyer.status).not.toBe(200);
    expect(asBuyer.headers.get("location") ?? "").not.toMatch(/\/admin\/orders\/\d/);
  });

  it("a quantity over the stock is refused in Russian and the order keeps what it had", async () => {
    const href = await withBuyerAndCoin(buyer.phone.normal, 1);
    const over = await step(href, { intent: "add", productId: String(silver), quantity: "99999" });
    expect(over.flash).toMatch(/^«300-летие Полтавской битвы.*»: Количество не изменено: (доступно \d+ шт\.|не больше \d+ шт\. одной монеты в заказе)$/);
    expect(plain(textByTestId(over.html, "staff-order-lines"))).toMatch(/Изменить/);
    expect(inputValue(over.html, "quantity")).toBe("1");
    const forged = await step(href, { intent: "add", productId: "999999", quantity: "1" });
    expect(forged.flash).toBe("Монета не найдена или снята с продажи");
  });
});
