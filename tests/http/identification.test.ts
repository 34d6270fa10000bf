// 115-FZ identification with JavaScript off: a checkout at or above the threshold
// goes through /checkout/identification before it is placed and is placed on the terms the page
// showed; one below goes straight to payment; a buyer on the imported Rosfinmonitoring list has the
// order held 'На проверке' (staff told by e-mail, the buyer by the page, no payment); the compliance
// back office opens identifications (audited), refuses a manager, and exports mandatory control as CSV.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, consents, identifications, orders } from "#app/modules/db/schema.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { type Buyer, newPhone, paidOrderByForms, pickupOrderFields, postCheckoutForm, productIdOf, signedInBuyer } from "#tests/support/buyer.ts";
import { runCommand } from "#tests/support/commands.ts";
import { passportForm } from "#tests/support/identification.ts";
import { readEmails } from "#tests/support/email-outbox.ts";
import { findByTestId, inputValue, textByTestId, textContent } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { fileOutboxSettings } from "#tests/support/shop-settings.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";
import { addStaffMembers, signedInStaff } from "#tests/support/staff.ts";

let database: ShopDatabase;
let shop: Shop;
let scratch: string;
let smsOutbox: string;
let emailOutbox: string;
const staffEmail = "compliance@example.ru";
const staff = { compliance: newPhone(), manager: newPhone(), owner: newPhone() };

const silver = productIdOf("300-letie-poltavskoy-bitvy-3-rublya-2009");
const krugerrand = productIdOf("kryugerrand-1-unciya");
const fixture = path.resolve("tests/fixtures/compliance/extremist-list.xml");

const passport = passportForm;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-ident-"));
  smsOutbox = path.join(scratch, "sms.jsonl");
  emailOutbox = path.join(scratch, "email.jsonl");
  database = await createShopDatabase();
  await addStaffMembers(
    database,
    Object.entries(staff).map(([role, phone]) => ({ phone: phone.typed, role, name: `Тест ${role}` })),
  );
  const notAList = await runCommand("scripts/compliance.ts", ["import-list", path.resolve("README.md")], database.env);
  expect([notAList.code, notAList.stderr.trim()]).toEqual([
    1,
    "Перечень не загружен: в файле нет ни одного элемента <Субъект>: это не перечень Росфинмониторинга.",
  ]);
  const imported = await runCommand("scripts/compliance.ts", ["import-list", fixture], database.env);
  expect(imported.stderr).toBe("");
  expect(imported.stdout).toContain("Перечень от 2026-11-20 загружен: физических лиц 3, из них с полной датой рождения 2");
  shop = await database.start({
    ...fileOutboxSettings({ sms: smsOutbox, email: emailOutbox, staffEmail }),
    NOTIFY_POLL_INTERVAL_MS: "200",
    // The shop's own defaults (the test harness raises them for the other suites).
    IDENTIFICATION_THRESHOLD_RUB: "100000",
    IDENTIFICATION_THRESHOLD_CASH_RUB: "40000",
  });
}, 300_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await rm(scratch, { recursive: true, force: true });
});

/** Text with any kind of space as a plain one (prices are formatted with non-breaking spaces). */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

/** The terms the page shows (decision 014): the order's total is the last of them. */
const shownTotal = (page: string) => (JSON.parse(inputValue(page, "shown")!) as number[]).at(-1)!;

async function fillCart(buyer: Buyer, productId: number, quantity: number): Promise<string> {
  expect((await buyer.client.postForm("/cart", { intent: "add", productId: String(productId), quantity: String(quantity) })).status).toBe(303);
  return buyer.client.html("/checkout");
}

/** Presses 'Оформить заказ' on the page as it is, with free delivery to a pickup point and online payment. */
function place(buyer: Buyer, page: string) {
  return postCheckoutForm(buyer.client, page, { ...pickupOrderFields(buyer, page), intent: "place" });
}

/** Krugerrands for at least `atLeast` roubles, from the price the checkout shows for one. */
async function krugerrandsFor(buyer: Buyer, atLeast: number): Promise<number> {
  const page = await fillCart(buyer, krugerrand, 1);
  return Math.ceil(atLeast / shownTotal(page));
}

let buyer: Buyer;
let identifiedTotal = 0;
let listedOrder = "";
let listedBuyer: Buyer;

describe("a checkout below the threshold", () => {
  it("has no identification step: the order goes straight to payment", async () => {
    buyer = await signedInBuyer(shop.url, smsOutbox);
    const page = await fillCart(buyer, silver, 1);
    expect(shownTotal(page)).toBeLessThan(100_000);
    expect(findByTestId(page, "identification-section")).toHaveLength(0);
    const placed = await place(buyer, page);
    expect(placed.status).toBe(303);
    expect(placed.headers.get("location")).toMatch(/\/payment\/sandbox\//);
  });
});

describe("a checkout at or above the threshold", () => {
  let page = "";
  it("shows why the passport is needed and sends 'Оформить заказ' to the identification step", async () => {
    page = await fillCart(buyer, krugerrand, 1);
    expect(shownTotal(page)).toBeGreaterThanOrEqual(100_000);
    expect(textByTestId(page, "identification-section")!).toContain("закон № 115-ФЗ обязывает продавца");
    const pressed = await place(buyer, page);
    expect([pressed.status, pressed.headers.get("location")]).toEqual([303, "/checkout/identification"]);
  });

  it("refuses a wrong form with Russian messages and keeps nothing", async () => {
    const step = await buyer.client.html("/checkout/identification");
    expect(inputValue(step, "fullName")).toBe("Иванов Пётр Сергеевич");
    const refused = await buyer.client.postForm("/checkout/identification", { ...passport, birthDate: "31.02.1980", issuer: " ", consent: "" });
    expect(refused.status).toBe(400);
    const text = textContent(refused.text);
    expect(text).toContain("Введите дату в формате ДД.ММ.ГГГГ");
    expect(text).toContain("Обязательное поле");
    expect(text).toContain("Нужно согласие на обработку персональных данных");
    const badNumber = await buyer.client.postForm("/checkout/identification", { ...passport, passportNumber: "12" });
    expect(badNumber.status).toBe(400);
    expect(textContent(badNumber.text)).toContain("Номер паспорта — 6 цифр");
    // Still not on record: the order is not placed.
    const again = await place(buyer, await buyer.client.html("/checkout"));
    expect(again.headers.get("location")).toBe("/checkout/identification");
  });

  it("reads dates as people write them: 1.4.2000 as well as 1980-03-14", async () => {
    const saved = await buyer.client.postForm("/checkout/identification", { ...passport, birthDate: "1980-03-14", issueDate: "1.4.2000" });
    expect([saved.status, saved.headers.get("location")]).toEqual([303, "/checkout#identification"]);
    const step = await buyer.client.html("/checkout/identification");
    expect([inputValue(step, "birthDate"), inputValue(step, "issueDate")]).toEqual(["14.03.1980", "01.04.2000"]);
  });

  it("takes the passport data, then places exactly the order the page showed", async () => {
    const saved = await buyer.client.postForm("/checkout/identification", passport);
    expect([saved.status, saved.headers.get("location")]).toEqual([303, "/checkout#identification"]);
    page = await buyer.client.html("/checkout");
    expect(textContent(page)).toContain("Данные для идентификации приняты");
    expect(textByTestId(page, "identification-section")!).toContain("Данные получены: Иванов П. С., документ •• 3456");
    identifiedTotal = shownTotal(page);
    const placed = await place(buyer, page);
    expect(placed.status).toBe(303);
    expect(placed.headers.get("location")).toMatch(/\/payment\/sandbox\//);
    const orders = await buyer.client.html("/my/orders");
    expect(plain(textContent(orders))).toContain(plain(formatMoney(identifiedTotal)));
  });

  it("offers the saved identification again at the next large order, and asks for it again", async () => {
    const page = await fillCart(buyer, krugerrand, 1);
    expect(textByTestId(page, "identification-section")!).not.toContain("Данные получены");
    const pressed = await place(buyer, page);
    expect(pressed.headers.get("location")).toBe("/checkout/identification");
    const step = await buyer.client.html("/checkout/identification");
    expect(textContent(step)).toContain("Мы заполнили форму данными из вашего прошлого заказа");
    expect(inputValue(step, "passportNumber")).toBe("123456");
    expect(inputValue(step, "birthDate")).toBe("14.03.1980");
  });

  it("keeps one consent in force however often the passport data are saved", async () => {
    for (let save = 0; save < 2; save++) expect((await buyer.client.postForm("/checkout/identification", passport)).status).toBe(303);
    const privacy = await buyer.client.html("/my/privacy");
    const listed = textByTestId(privacy, "consents")!.match(/Идентификация покупателя по 115-ФЗ/g) ?? [];
    expect(listed).toHaveLength(1);
  });
});

describe("orders split below the threshold", () => {
  it("counts one buyer's orders of the last 24 hours together: the part that reaches the threshold needs the identification", async () => {
    const splitter = await signedInBuyer(shop.url, smsOutbox, { fullName: "Смирнов Илья Андреевич" });
    const one = shownTotal(await fillCart(splitter, silver, 1));
    // Each part about 60 % of the threshold: alone below it, two together above.
    const quantity = Math.ceil(60_000 / one);
    const first = await fillCart(splitter, silver, quantity - 1);
    expect(shownTotal(first)).toBeLessThan(100_000);
    expect(findByTestId(first, "identification-section")).toHaveLength(0);
    expect((await place(splitter, first)).headers.get("location")).toMatch(/\/payment\/sandbox\//);
    const second = await fillCart(splitter, silver, quantity);
    expect(shownTotal(second)).toBeLessThan(100_000);
    expect(textByTestId(second, "identification-section")!).toContain("закон № 115-ФЗ обязывает продавца");
    expect((await place(splitter, second)).headers.get("location")).toBe("/checkout/identification");
  });
});

describe("a buyer on the list", () => {
  it("has the order held for review: not paid, staff told, the buyer told it is being checked", async () => {
    listedBuyer = await signedInBuyer(shop.url, smsOutbox, { fullName: "Тестовый Федор Списочный" });
    // At least 1,000,000 ₽ at once: also under mandatory control.
    const quantity = await krugerrandsFor(listedBuyer, 1_000_000);
    const page = await fillCart(listedBuyer, krugerrand, quantity - 1);
    expect(shownTotal(page)).toBeGreaterThanOrEqual(1_000_000);
    // The list has "ТЕСТОВЫЙ ФЁДОР СПИСОЧНЫЙ": case and ё/е do not matter.
    const saved = await listedBuyer.client.postForm("/checkout/identification", { ...passport, fullName: "тестовый Федор списочный", birthDate: "12.04.1985" });
    expect(saved.status).toBe(303);
    const placed = await place(listedBuyer, await listedBuyer.client.html("/checkout"));
    expect(placed.status).toBe(303);
    const location = placed.headers.get("location")!;
    expect(location).toMatch(/^\/thanks\?order=\d+$/);
    const thanks = await listedBuyer.client.html(location);
    const held = textByTestId(thanks, "on-review")!;
    expect(held).toContain("передан на проверку");
    listedOrder = /№(\d{4}-\d{6})/.exec(held)![1]!;
    expect(textContent(await listedBuyer.client.html("/my/orders"))).toContain("На проверке");
    await expect
      .poll(
        async () =>
          (await readEmails(emailOutbox)).filter((mail) => mail.to === staffEmail && mail.subject.includes(`№${listedOrder} задержан на проверку`)).length,
        { timeout: 20_000 },
      )
      .toBe(1);
    const staffMail = (await readEmails(emailOutbox)).find((mail) => mail.subject.includes(`№${listedOrder}`))!;
    expect(staffMail.text).toContain("записью №100501 перечня Росфинмониторинга");
    // The buyer gets no 'order placed, pay by …' message for it.
    expect((await readSmsNotices(smsOutbox, listedBuyer.phone.normal)).some((sms) => sms.text.includes(listedOrder))).toBe(false);
  });
});

describe("the compliance back office", () => {
  let compliance: ShopClient;
  let owner: ShopClient;
  let linkedNumber = "";

  it("refuses a manager (403) and shows a compliance officer the held order and mandatory control", async () => {
    // A third buyer: two orders within 30 days that reach 1,000,000 ₽ together, neither alone.
    const linked = await signedInBuyer(shop.url, smsOutbox, { fullName: "Петров Олег Игоревич" });
    const each = await krugerrandsFor(linked, 500_000);
    for (let order = 0; order < 2; order++) {
      const page = order === 0 ? await fillCart(linked, krugerrand, each - 1) : await fillCart(linked, krugerrand, each);
      expect(shownTotal(page)).toBeLessThan(1_000_000);
      expect((await linked.client.postForm("/checkout/identification", { ...passport, fullName: "Петров Олег Игоревич" })).status).toBe(303);
      const placed = await place(linked, await linked.client.html("/checkout"));
      expect(placed.headers.get("location")).toMatch(/\/payment\/sandbox\//);
    }
    const manager = await signedInStaff(shop.url, smsOutbox, staff.manager);
    expect((await manager.get("/admin/compliance")).status).toBe(403);
    expect((await manager.get("/admin/compliance/control.csv")).status).toBe(403);
    expect((await manager.get(`/admin/compliance/orders/${listedOrder}`)).status).toBe(403);

    // The owner may open every back-office page, this one too.
    owner = await signedInStaff(shop.url, smsOutbox, staff.owner);
    expect((await owner.get("/admin/compliance")).status).toBe(200);

    compliance = await signedInStaff(shop.url, smsOutbox, staff.compliance);
    const page = await compliance.html("/admin/compliance");
    expect(textByTestId(page, "list-status")!).toContain("от 2026-11-20: 3 физ. лиц");
    expect(textByTestId(page, "held-orders")!).toContain(`№${listedOrder}`);
    const control = textByTestId(page, "control-orders")!;
    expect(control).toContain(`№${listedOrder}`);
    expect(control).toContain("разовая операция");
    expect(control).toContain("связанные операции");
    linkedNumber = /№(\d{4}-\d{6})\S*?связанные операции|№(\d{4}-\d{6})[^№]*связанные операции/.exec(control)!.slice(1).find(Boolean)!;
    expect(plain(textByTestId(page, "identified-orders")!)).toContain(plain(formatMoney(identifiedTotal)));
  });

  it("exports mandatory control as CSV for Excel", async () => {
    const csv = await compliance.get("/admin/compliance/control.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="mandatory-control-\d{4}-\d{2}-\d{2}\.csv"$/);
    // The bytes start with the UTF-8 byte-order mark (a text decoder hides it).
    const cookie = await compliance.jar.getCookieString(`${shop.url}/admin/compliance/control.csv`);
    const bytes = new Uint8Array(await (await fetch(`${shop.url}/admin/compliance/control.csv`, { headers: { cookie } })).arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toBe('"Номер заказа";"Дата (UTC)";"Статус";"Сумма, ₽";"Сумма покупателя за 30 дней, ₽";"Основание";"Покупатель";"Оплата";"Идентификация"');
    expect(lines).toHaveLength(3);
    const held = lines.find((line) => line.startsWith(`"${listedOrder}"`))!;
    expect(held).toContain('"На проверке"');
    expect(held).toContain('"разовая операция";"Иванов Пётр Сергеевич";"онлайн";"есть"');
    expect(lines.find((line) => line.startsWith(`"${linkedNumber}"`))).toContain('"связанные операции за 30 дней"');
  });

  it("opens the buyer's identification for the compliance officer and releases a namesake's order", async () => {
    const page = await compliance.html(`/admin/compliance/orders/${listedOrder}`);
    const shown = textByTestId(page, "identification")!;
    expect(shown).toContain("тестовый Федор списочный");
    expect(shown).toContain("12.04.1985");
    expect(shown).toContain("4510 123456");
    const released = await compliance.postForm(`/admin/compliance/orders/${listedOrder}`, { intent: "release", version: inputValue(page, "version")! });
    expect([released.status, released.headers.get("location")]).toEqual([303, `/admin/compliance/orders/${listedOrder}`]);
    expect(textContent(await compliance.html(`/admin/compliance/orders/${listedOrder}`))).toContain("Ожидает оплаты");
    expect(textContent(await listedBuyer.client.html("/my/orders"))).toContain("Ожидает оплаты");
  });

  it("shows no order that was never held or checked, and cancels none of them", async () => {
    // A paid order being assembled, below every threshold: nothing for compliance to see or decide.
    const ordinary = await signedInBuyer(shop.url, smsOutbox, { fullName: "Сидоров Антон Павлович" });
    const { orderId, number } = await paidOrderByForms(ordinary, silver);
    const order = await owner.html(`/admin/orders/${number}`);
    expect((await owner.postForm(`/admin/orders/${number}`, { to: "assembling", version: inputValue(order, "version")! })).status).toBe(303);
    const page = await compliance.get(`/admin/compliance/orders/${number}`);
    expect(page.status).toBe(404);
    expect(textContent(page.text)).not.toContain("Сидоров");
    const cancel = await compliance.postForm(`/admin/compliance/orders/${number}`, { intent: "cancel", version: "1" });
    expect(cancel.status).toBe(404);
    expect(textByTestId(await ordinary.client.html(`/my/orders/${orderId}`), "order-status")).toBe("Собирается");
    // The released order was held once: its page still opens, but it is no longer the officer's to cancel.
    const released = await compliance.html(`/admin/compliance/orders/${listedOrder}`);
    expect(textByTestId(released, "order-status")).toBe("Ожидает оплаты");
    expect(released).not.toContain('value="cancel"');
    const late = await compliance.postForm(`/admin/compliance/orders/${listedOrder}`, { intent: "cancel", version: inputValue(released, "version") ?? "1" });
    expect(late.status).toBe(303);
    const after = await compliance.html(`/admin/compliance/orders/${listedOrder}`);
    expect(textContent(after)).toContain(`Заказ №${listedOrder} не на проверке.`);
    expect(textByTestId(after, "order-status")).toBe("Ожидает оплаты");
  });

  it("cancels a held order only from a page of its current version", async () => {
    const quantity = await krugerrandsFor(listedBuyer, 100_000);
    await fillCart(listedBuyer, krugerrand, quantity - 1);
    expect(
      (await listedBuyer.client.postForm("/checkout/identification", { ...passport, fullName: "Тестовый Федор Списочный", birthDate: "12.04.1985" })).status,
    ).toBe(303);
    const held = await place(listedBuyer, await listedBuyer.client.html("/checkout"));
    const number = /№(\d{4}-\d{6})/.exec(textByTestId(await listedBuyer.client.html(held.headers.get("location")!), "on-review")!)![1]!;
    const heldPage = await compliance.html(`/admin/compliance/orders/${number}`);
    const version = Number(inputValue(heldPage, "version"));
    expect(version).toBeGreaterThan(0);

    for (const stale of [{}, { version: String(version + 1) }] as Array<Record<string, string>>) {
      expect((await compliance.postForm(`/admin/compliance/orders/${number}`, { intent: "cancel", ...stale })).status).toBe(303);
      const after = await compliance.html(`/admin/compliance/orders/${number}`);
      expect(textByTestId(after, "order-status")).toBe("На проверке");
      expect(textContent(after)).toMatch(/Обновите страницу|Заказ уже изменён, обновите страницу/);
    }
    expect((await compliance.postForm(`/admin/compliance/orders/${number}`, { intent: "cancel", version: String(version) })).status).toBe(303);
    expect(textByTestId(await compliance.html(`/admin/compliance/orders/${number}`), "order-status")).toBe("Отменён");
  });

  it("keeps passport data encrypted at rest and writes every read and export to the audit log", async () => {
    await shop.stop();
    await database.use(async ({ db }) => {
      const rows = await db.select().from(identifications);
      expect(rows.length).toBeGreaterThanOrEqual(4);
      for (const row of rows) {
        expect(row.data).toMatch(/^v1\.[0-9a-f]{8}\./);
        expect(row.data).not.toContain("123456");
        expect(row.data).not.toContain("Тверская");
        expect(row.consentVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      // Each identification came with its consent row (152-FZ), of the same edition of the consent document.
      const given = await db.select().from(consents).where(eq(consents.purpose, "identification"));
      for (const row of rows) {
        expect(
          given.some(
            (consent) =>
              consent.userId === row.userId && consent.documentVersion === row.consentVersion && consent.documentHash.length === 64 && consent.ip !== "",
          ),
        ).toBe(true);
      }
      const [held] = await db.select({ identificationId: orders.identificationId }).from(orders).where(eq(orders.number, listedOrder));
      expect(held!.identificationId).not.toBeNull();
      const audit = await db.select().from(auditLog).where(eq(auditLog.phone, staff.compliance.normal));
      expect(audit.map((row) => [row.action, row.entity])).toEqual(
        expect.arrayContaining([
          ["compliance.export", "mandatory-control"],
          ["identification.read", `order:${listedOrder}`],
          ["compliance.release", `order:${listedOrder}`],
        ]),
      );
      // Every opening of a page with passport data: the held order twice, then twice after its release, and the second held order four times.
      expect(audit.filter((row) => row.action === "identification.read")).toHaveLength(8);
      expect(await db.select().from(auditLog).where(eq(auditLog.phone, staff.manager.normal))).toEqual([]);
    });
  });
});
