// How an order reads after it is placed, with JavaScript off: where a courier or special delivery
// goes on the back-office order page, the packing slip and the order e-mail (it printed
// «[object Object]» or nothing); the steps offered by delivery kind; a tracking number pasted with
// spaces; the recipient's phone as the rest of the shop writes it; and a partial refund that the
// buyer's order page, order list and «Мои монеты» and the back office all count the same way.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { orderLines, orders } from "#app/modules/db/schema.ts";
import { changeOrderStatus } from "#app/modules/orders/operator.server.ts";
import { completeSandboxPayment, latestPayment, startPayment } from "#app/modules/orders/payments.server.ts";
import { createSandboxProvider } from "#app/modules/payments/sandbox.server.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { newPhone, signIn } from "#tests/support/buyer.ts";
import { readEmails } from "#tests/support/email-outbox.ts";
import { attribute, inputValue, tags, textByTestId, textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import { placeTestOrder, type TestOrder } from "#tests/support/orders.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { fileOutboxSettings } from "#tests/support/shop-settings.ts";
import { addStaffMembers, signedInStaff } from "#tests/support/staff.ts";

const PUBLIC_URL = "https://shop.example";
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const money = (amount: number) => spaces(formatMoney(amount));

const address = { street: "ул. Тверская", house: "д. 7", room: "12", entrance: "2", floor: "5", message: "Домофон не работает" };
const addressText = "ул. Тверская, д. 7, кв./оф. 12, подъезд 2, этаж 5";
/** orders.delivery as the checkout stores a CDEK courier and a special delivery. */
const courier = { id: 45, name: "Курьер СДЭК", type: "sdek", courier: true, point: null, pointAddress: null, address, minDays: 1, maxDays: 2 };
const special = {
  id: 43,
  name: "Специальная доставка (оплата при получении)",
  type: "specialcontact",
  courier: true,
  point: null,
  pointAddress: null,
  address,
  minDays: 1,
  maxDays: 1,
};

let database: ShopDatabase;
let shop: Shop;
let scratch: string;
let smsOutbox: string;
let emailOutbox: string;
let manager: ShopClient;
let courierOrder: TestOrder;
let specialOrder: TestOrder;
let refunded: TestOrder & { line: { id: number; price: number } };
let pointOrder: TestOrder;
/** A special delivery paid on receipt that nobody confirms here, and by when the shop must (as stored). */
let unconfirmed: TestOrder;
let confirmBy: Date;
const staffPhone = newPhone();

/** Posts a form of the back-office order page; answers the notice it lands on. */
async function postOnOrder(number: string, fields: Record<string, string>): Promise<string> {
  const href = `/admin/orders/${number}`;
  const posted = await manager.postForm(href, fields);
  expect([posted.status, posted.headers.get("location")]).toEqual([303, href]);
  return spaces(textByTestId(await manager.html(href), "flash") ?? "");
}

/** The status buttons and fields the order page offers, as "to" values and the labels of its buttons. */
function offeredSteps(page: string) {
  const block = /data-testid="next-statuses"[\s\S]*?<\/section>/.exec(page)![0];
  return {
    to: tags(block, "input")
      .filter((tag) => attribute(tag, "name") === "to")
      .map((tag) => attribute(tag, "value")),
    buttons: [...block.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((match) => textContent(match[1]!)),
    tracking: tags(block, "input").find((tag) => attribute(tag, "name") === "trackingNumber"),
  };
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-order-display-"));
  smsOutbox = path.join(scratch, "sms.jsonl");
  emailOutbox = path.join(scratch, "email.jsonl");
  database = await createShopDatabase();
  await addStaffMembers(database, [{ phone: staffPhone.typed, role: "manager", name: "Менеджер" }]);
  await database.use(async ({ db }) => {
    courierOrder = await placeTestOrder(db, { delivery: courier, email: "courier@example.ru" });
    specialOrder = await placeTestOrder(db, { delivery: special, paymentId: 6, email: "special@example.ru" });
    // Four Georgiy to the door, paid and handed over: one of them comes back later.
    const pay = async (order: TestOrder) => {
      const started = await startPayment(db, createSandboxProvider(db, { publicUrl: PUBLIC_URL }), { id: order.orderId }, { publicUrl: PUBLIC_URL });
      if (started.kind !== "redirect") throw new Error(`payment not started: ${started.reason}`);
      await completeSandboxPayment(db, (await latestPayment(db, order.orderId))!.providerPaymentId!, "pay", PUBLIC_URL);
    };
    const placed = await placeTestOrder(db, { lines: [{ productId: 1, quantity: 4 }], delivery: courier, email: "refund@example.ru" });
    await pay(placed);
    // A paid order to a CDEK pickup point (the default delivery of a test order).
    pointOrder = await placeTestOrder(db, { email: "point@example.ru" });
    await pay(pointOrder);
    unconfirmed = await placeTestOrder(db, { delivery: special, paymentId: 6, email: "unconfirmed@example.ru" });
    const [due] = await db.select({ at: orders.paymentDueAt }).from(orders).where(eq(orders.id, unconfirmed.orderId));
    confirmBy = due!.at!;
    expect((await changeOrderStatus(db, placed.number, "assembling")).ok).toBe(true);
    expect((await changeOrderStatus(db, placed.number, "shipped", { trackingNumber: "1234567890" })).ok).toBe(true);
    expect((await changeOrderStatus(db, placed.number, "completed")).ok).toBe(true);
    const [line] = await db
      .select({ id: orderLines.id, price: orderLines.price })
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.orderId))
      .orderBy(asc(orderLines.id));
    refunded = { ...placed, line: line! };
  });
  shop = await database.start({ ...fileOutboxSettings({ sms: smsOutbox, email: emailOutbox }), NOTIFY_POLL_INTERVAL_MS: "200" });
  manager = await signedInStaff(shop.url, smsOutbox, staffPhone);
}, 300_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("where a courier or special delivery goes", () => {
  it("the back-office order page and the packing slip name the address, the city and the note to the courier", async () => {
    for (const [order, name] of [
      [courierOrder, "Курьер СДЭК"],
      [specialOrder, "Специальная доставка (оплата при получении)"],
    ] as const) {
      const page = await manager.html(`/admin/orders/${order.number}`);
      expect(textContent(page)).not.toContain("[object Object]");
      expect(textByTestId(page, "order-delivery-place")).toBe(addressText);
      expect(textByTestId(page, "order-courier-note")).toBe("Домофон не работает");
      const slip = await manager.html(`/admin/orders/${order.number}/slip`);
      expect(textByTestId(slip, "slip-delivery")).toBe(`${name}: ${addressText}`);
      expect(textContent(slip)).not.toContain("[object Object]");
    }
  });

  it("the order e-mail to the buyer names it too, in both parts", async () => {
    for (const [order, email] of [
      [courierOrder, "courier@example.ru"],
      [specialOrder, "special@example.ru"],
    ] as const) {
      const mail = await waitFor(
        async () => (await readEmails(emailOutbox)).find((message) => message.to === email && message.subject.startsWith(`Заказ №${order.number} принят`)),
        (found) => found !== undefined,
        10_000,
        "the order e-mail",
      );
      expect(mail!.text).toContain(`Москва, ${addressText}`);
      expect(mail!.html).toContain(`Москва, ${addressText}`);
    }
  });
});

describe("the steps offered by delivery kind", () => {
  it("special delivery is handed to the shop's courier, without a CDEK number and never «ready for pickup»", async () => {
    expect(
      await postOnOrder(specialOrder.number, { to: "assembling", version: inputValue(await manager.html(`/admin/orders/${specialOrder.number}`), "version")! }),
    ).toContain("Новый → Собирается");
    const page = await manager.html(`/admin/orders/${specialOrder.number}`);
    const steps = offeredSteps(page);
    expect(steps.to).toEqual(["shipped", "cancelled"]);
    expect(steps.buttons).toEqual(["Передать курьеру магазина", "Отменить заказ"]);
    expect(steps.tracking).toBeUndefined();
    expect(await postOnOrder(specialOrder.number, { to: "shipped", version: inputValue(page, "version")! })).toBe(
      `Заказ №${specialOrder.number}: Собирается → Отправлен.`,
    );
    expect(textByTestId(await manager.html(`/admin/orders/${specialOrder.number}`), "order-history")).toContain("Отправлен: Передан курьеру магазина");
  });

  it("a CDEK courier order is offered «Отправлен» only, and takes a tracking number pasted with spaces; a wrong one is refused in Russian", async () => {
    const href = `/admin/orders/${courierOrder.number}`;
    expect(await postOnOrder(courierOrder.number, { to: "paid", version: inputValue(await manager.html(href), "version")! })).toContain("→ Оплачен");
    expect(await postOnOrder(courierOrder.number, { to: "assembling", version: inputValue(await manager.html(href), "version")! })).toContain("→ Собирается");
    const page = await manager.html(href);
    const steps = offeredSteps(page);
    expect(steps.to).toEqual(["shipped", "cancelled"]);
    const pasted = "1234 5678 90";
    // The browser checks the field before posting: whatever pattern it carries must let a pasted number through.
    const pattern = attribute(steps.tracking!, "pattern");
    if (pattern !== undefined) expect(new RegExp(`^(?:${pattern})$`, "v").test(pasted)).toBe(true);
    expect(await postOnOrder(courierOrder.number, { to: "shipped", trackingNumber: "12", version: inputValue(page, "version")! })).toBe(
      "Трек-номер: от 4 до 40 латинских букв, цифр и дефисов.",
    );
    expect(await postOnOrder(courierOrder.number, { to: "shipped", trackingNumber: pasted, version: inputValue(page, "version")! })).toBe(
      `Заказ №${courierOrder.number}: Собирается → Отправлен.`,
    );
    expect(textByTestId(await manager.html(href), "tracking-number")).toBe("1234567890");
  });
});

/** A browser signed in as the buyer with this phone, by the sign-in form; one per buyer (the shop limits code requests). */
const buyers = new Map<string, ShopClient>();
async function signedInAs(phone: string): Promise<ShopClient> {
  const known = buyers.get(phone);
  if (known) return known;
  const client = new ShopClient(shop.url);
  await signIn(client, smsOutbox, phone, { register: false });
  buyers.set(phone, client);
  return client;
}

describe("what the buyer is told to do next, by delivery kind", () => {
  it("/thanks: a delivery to the door says the courier asks the recipient for the passport, never to take it somewhere", async () => {
    for (const order of [unconfirmed, refunded]) {
      const thanks = await (await signedInAs(order.phone)).html(`/thanks?order=${order.orderId}`);
      expect(textByTestId(thanks, "thanks-handover")).toBe("Курьер вручит заказ лично получателю и попросит паспорт: держите его под рукой.");
      expect(textContent(thanks)).not.toMatch(/возьмите паспорт/i);
    }
  });

  it("/thanks: a CDEK pickup point says to take the passport there", async () => {
    const thanks = await (await signedInAs(pointOrder.phone)).html(`/thanks?order=${pointOrder.orderId}`);
    expect(textByTestId(thanks, "thanks-handover")).toBe("Получая посылку в пункте выдачи СДЭК, возьмите паспорт: её выдают только получателю.");
  });

  it("the order page of a new order paid on receipt says by when the shop confirms it, in Moscow time; a paid one says nothing of it", async () => {
    const buyer = await signedInAs(unconfirmed.phone);
    const page = await buyer.html(`/my/orders/${unconfirmed.orderId}`);
    expect(textByTestId(page, "order-status")).toBe("Новый");
    expect(spaces(textByTestId(page, "confirm-deadline")!)).toBe(
      `Заказ ждёт подтверждения: магазин подтвердит его до ${spaces(formatDateTime(confirmBy))} (МСК). Заказ, не подтверждённый к этому сроку, отменяется, а монеты возвращаются в продажу.`,
    );
    expect(textByTestId(await (await signedInAs(pointOrder.phone)).html(`/my/orders/${pointOrder.orderId}`), "confirm-deadline")).toBeUndefined();
  });
});

describe("the buyer's pages", () => {
  let buyer: ShopClient;

  beforeAll(async () => {
    buyer = await signedInAs(refunded.phone);
  });

  it("write the recipient's phone as the rest of the shop does", async () => {
    const page = await buyer.html(`/my/orders/${refunded.orderId}`);
    expect(textByTestId(page, "order-recipient")).toContain(formatPhone(refunded.phone));
    expect(textByTestId(page, "order-recipient")).not.toContain(refunded.phone);
  });

  it("after one coin of four is refunded, the order page, the order list, «Мои монеты» and the back office agree on what the order came to", async () => {
    const href = `/admin/orders/${refunded.number}`;
    const version = inputValue(await manager.html(href), "version")!;
    expect(await postOnOrder(refunded.number, { intent: "refund", version, [`qty-${refunded.line.id}`]: "1" })).toBe(
      `Возврат ${money(refunded.line.price)} отправлен в платёжный сервис; покупателю придут SMS и письмо.`,
    );
    const net = refunded.total - refunded.line.price;

    const page = await buyer.html(`/my/orders/${refunded.orderId}`);
    expect(spaces(textByTestId(page, "order-refunded")!)).toBe(`−${money(refunded.line.price)}`);
    expect(spaces(textByTestId(page, "order-net-total")!)).toBe(money(net));
    expect(textByTestId(page, "line-refunded")).toBe("возвращено 1");

    const list = await buyer.html("/my/orders");
    expect(spaces(textByTestId(list, "order-sum")!)).toBe(`${money(net)}возвращено ${money(refunded.line.price)}`);

    const coins = await buyer.html("/my/coins");
    const holding = /<tr[^>]*data-testid="holding"[\s\S]*?<\/tr>/.exec(coins)![0];
    expect(holding).toMatch(/data-label="Штук">3</);
    expect(spaces(textByTestId(holding, "paid")!)).toBe(money(refunded.line.price * 3));

    const office = await manager.html(href);
    expect(spaces(textByTestId(office, "order-net-total")!)).toBe(money(net));
    const officeList = await manager.html(`/admin/orders?q=${encodeURIComponent(refunded.number)}`);
    expect(spaces(textContent(officeList))).toContain(`${money(net)} (возврат ${money(refunded.line.price)})`);
  });
});
