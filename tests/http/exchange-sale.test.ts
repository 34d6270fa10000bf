// Orders out to 1C (type=sale, CommerceML 2) as 1C walks it against the built shop: an order
// placed and paid in the shop goes out in the next query with its buyer, lines, VAT and
// delivery; a query without success sends it again, success marks it taken, a status changed in
// the back office sends it again; the owner's settings choose the paid orders and
// windows-1251. On both databases (the PostgreSQL project runs it again).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, exchangeOrders, products } from "#app/modules/db/schema.ts";
import { encodeSingleByte } from "#app/modules/shared/single-byte-encoding.ts";
import { setExchangeCredentials, setExchangeOptions } from "#app/modules/exchange/settings.server.ts";
import { OneCClient } from "#tests/exchange/one-c-client.ts";
import { type Buyer, newPhone, paidOrderByForms, placeOrderByForms, productIdOf, signedInBuyer } from "#tests/support/buyer.ts";
import { inputValue, textByTestId } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { placeTestOrder, type TestOrder } from "#tests/support/orders.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { addStaffMembers, signedInStaff } from "#tests/support/staff.ts";

const login = "1c-orders";
const password = "пароль-обмена-заказами";
const investmentCoin = productIdOf("georgiy-pobedonosec-3-rublya-serebro");
const investmentGuid = "5d0c1a2b-0000-4e2a-8c11-0000000000a3";
const commemorativeCoin = productIdOf("300-letie-poltavskoy-bitvy-3-rublya-2009");

let database: ShopDatabase;
let shop: Shop;
let scratch: string;
let buyer: Buyer;
let manager: ShopClient;
let owner: ShopClient;
/** Placed before the shop started: the investment coin and a paid delivery, online, not paid. */
let unpaid: TestOrder;
/** Placed and paid by the buyer through the shop's forms. */
let paid: { orderId: number; number: string };
const staff = { manager: newPhone(), owner: newPhone() };
/** The paid orders, which go out again after «Отправить заказы заново». */
let resentCandidates: number[] = [];
let resentSecond = "";

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-exchange-sale-"));
  const smsOutbox = path.join(scratch, "sms.jsonl");
  database = await createShopDatabase();
  await addStaffMembers(database, [
    { phone: staff.manager.typed, role: "manager", name: "Менеджер" },
    { phone: staff.owner.typed, role: "owner", name: "Владелец" },
  ]);
  await database.use(async ({ db }) => {
    expect(await setExchangeCredentials(db, login, password)).toEqual({ ok: true });
    expect(await setExchangeOptions(db, { zip: false, fileLimit: 1024 * 1024, encoding: "utf-8" })).toEqual({ ok: true });
    await db.update(products).set({ exchangeId: investmentGuid }).where(eq(products.id, investmentCoin));
    unpaid = await placeTestOrder(db, {
      lines: [{ productId: investmentCoin, quantity: 1 }],
      deliveryTotal: 500,
      lastName: "Сидоров",
      email: "sidorov@example.ru",
    });
  });
  shop = await database.start({ SMS_PROVIDER: "file", SMS_OUTBOX_FILE: smsOutbox, NOTIFY_POLL_INTERVAL_MS: "200" });
  buyer = await signedInBuyer(shop.url, smsOutbox);
  paid = await paidOrderByForms(buyer, commemorativeCoin, 2);
  manager = await signedInStaff(shop.url, smsOutbox, staff.manager);
  owner = await signedInStaff(shop.url, smsOutbox, staff.owner);
}, 300_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await rm(scratch, { recursive: true, force: true });
});

type Node = { name: string; attributes: Record<string, string>; children: Node[]; text: string };

/** The document as a tree, read by saxes as the catalogue import reads 1C's files. */
function parseXml(xml: string): Node {
  const root: Node = { name: "#root", attributes: {}, children: [], text: "" };
  const stack = [root];
  const parser = new SaxesParser();
  parser.on("opentag", (tag) => {
    const node: Node = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: "" };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on("text", (text) => (stack.at(-1)!.text += text));
  parser.on("closetag", () => void stack.pop());
  parser.write(xml).close();
  return root.children[0]!;
}
const child = (node: Node, ...names: string[]): Node =>
  names.reduce((at, name) => at.children.find((c) => c.name === name) ?? expect.unreachable(`${at.name} has no ${name}`), node);
const all = (node: Node, name: string) => node.children.filter((c) => c.name === name);
const value = (node: Node, ...names: string[]) => child(node, ...names).text;
const requisites = (node: Node) =>
  Object.fromEntries(all(child(node, "ЗначенияРеквизитов"), "ЗначениеРеквизита").map((r) => [value(r, "Наименование"), value(r, "Значение")]));
const documentOf = (doc: Node, number: string) => all(doc, "Документ").find((d) => value(d, "Номер") === number);

/** One exchange of orders: checkauth, init, query; the document as 1C reads it, and the client to answer success. */
async function query(): Promise<{ onec: OneCClient; doc: Node; raw: Buffer; contentType: string }> {
  const onec = new OneCClient(shop.url, login, password);
  expect((await onec.checkauth("sale")).lines[0]).toBe("success");
  expect((await onec.init("sale")).reply.lines).toEqual(["zip=no", "file_limit=1048576"]);
  const response = await fetch(`${shop.url}/1c_exchange?type=sale&mode=query`, { headers: { Cookie: onec.cookie!, "User-Agent": "1C+Enterprise/8.3" } });
  expect(response.status).toBe(200);
  const raw = Buffer.from(await response.arrayBuffer());
  const encoding = /encoding="([^"]+)"/.exec(raw.subarray(0, 100).toString("latin1"))![1]!;
  return { onec, doc: parseXml(new TextDecoder(encoding).decode(raw)), raw, contentType: response.headers.get("content-type") ?? "" };
}

const money = (roubles: number) => roubles.toFixed(2);
const vat22 = (sum: number) => money(Math.round((sum * 100 * 22) / 122) / 100);

describe("type=sale&mode=query", () => {
  it("sends every order not yet taken as a Документ «Заказ товара» with the buyer, the lines, the VAT and the delivery", async () => {
    const { doc, contentType } = await query();
    expect(contentType).toBe("application/xml; charset=utf-8");
    expect(doc.name).toBe("КоммерческаяИнформация");
    expect(doc.attributes["ВерсияСхемы"]).toBe("2.08");

    const ordered = documentOf(doc, paid.number)!;
    expect(ordered).toBeDefined();
    expect([value(ordered, "Ид"), value(ordered, "ХозОперация"), value(ordered, "Роль"), value(ordered, "Валюта"), value(ordered, "Курс")]).toEqual([
      String(paid.orderId),
      "Заказ товара",
      "Продавец",
      "руб",
      "1",
    ]);
    expect(value(ordered, "Дата")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(value(ordered, "Время")).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    // The sum the buyer's own page shows.
    const page = await buyer.client.html(`/my/orders/${paid.orderId}`);
    const total = Number((textByTestId(page, "order-total") ?? "").replace(/[^\d]/g, ""));
    expect(value(ordered, "Сумма")).toBe(money(total));
    const person = child(ordered, "Контрагенты", "Контрагент");
    expect([value(person, "Наименование"), value(person, "Фамилия"), value(person, "Имя"), value(person, "Отчество"), value(person, "Роль")]).toEqual([
      "Иванов Пётр Сергеевич",
      "Иванов",
      "Пётр",
      "Сергеевич",
      "Покупатель",
    ]);
    const contacts = all(child(person, "Контакты"), "Контакт").map((c) => [value(c, "Тип"), value(c, "Значение")]);
    expect(contacts).toEqual([
      ["Телефон рабочий", buyer.phone.normal],
      ["Почта", buyer.email],
    ]);
    expect(value(person, "АдресРегистрации", "Представление")).toContain("Пункт выдачи");
    const [coin, ...rest] = all(child(ordered, "Товары"), "Товар");
    expect(rest).toEqual([]); // free delivery: no service line
    expect(value(coin!, "Ид")).toBe("AG-0020");
    expect(value(coin!, "БазоваяЕдиница")).toBe("шт");
    expect(child(coin!, "БазоваяЕдиница").attributes["Код"]).toBe("796");
    expect(value(coin!, "Количество")).toBe("2");
    expect(Number(value(coin!, "ЦенаЗаЕдиницу")) * 2).toBe(total);
    expect(value(coin!, "Сумма")).toBe(money(total));
    // A commemorative coin is sold with VAT, 22 % for an order of 2026.
    expect(value(coin!, "СтавкиНалогов", "СтавкаНалога", "Ставка")).toBe("22");
    expect([value(coin!, "Налоги", "Налог", "Сумма"), value(coin!, "Налоги", "Налог", "УчтеноВСумме")]).toEqual([vat22(total), "true"]);
    expect(requisites(coin!)).toEqual({ ВидНоменклатуры: "Товар", ТипНоменклатуры: "Товар" });
    expect(requisites(ordered)).toMatchObject({
      "Метод оплаты": "Онлайн картой или через СБП",
      "Заказ оплачен": "true",
      "Статус заказа": "Оплачен",
      Отменен: "false",
    });
    expect(requisites(ordered)["Дата изменения"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const waiting = documentOf(doc, unpaid.number)!;
    expect(value(waiting, "Сумма")).toBe(money(unpaid.total));
    const [investment, delivery] = all(child(waiting, "Товары"), "Товар");
    // The good's Ид in 1C when the coin has one; an investment coin of the Bank of Russia is exempt.
    expect([value(investment!, "Ид"), value(investment!, "Количество"), value(investment!, "Сумма")]).toEqual([investmentGuid, "1", money(unpaid.goodsTotal)]);
    expect(value(investment!, "СтавкиНалогов", "СтавкаНалога", "Ставка")).toBe("Без налога");
    expect(investment!.children.some((c) => c.name === "Налоги")).toBe(false);
    expect([value(delivery!, "Ид"), value(delivery!, "ЦенаЗаЕдиницу"), value(delivery!, "Количество"), value(delivery!, "Сумма")]).toEqual([
      "ORDER_DELIVERY",
      "500.00",
      "1",
      "500.00",
    ]);
    expect(requisites(delivery!)).toEqual({ ВидНоменклатуры: "Услуга", ТипНоменклатуры: "Услуга" });
    expect(value(delivery!, "Налоги", "Налог", "Сумма")).toBe(vat22(500));
    expect(value(waiting, "Налоги", "Налог", "Сумма")).toBe(vat22(500));
    expect(requisites(waiting)).toMatchObject({ "Заказ оплачен": "false", "Статус заказа": "Ожидает оплаты", Отменен: "false" });
    expect(value(waiting, "Контрагенты", "Контрагент", "Фамилия")).toBe("Сидоров");
  });

  it("sends the same orders again while 1C has not answered success; after success, none", async () => {
    const again = await query();
    expect(
      all(again.doc, "Документ")
        .map((d) => value(d, "Номер"))
        .sort(),
    ).toEqual([unpaid.number, paid.number].sort());
    expect((await again.onec.call({ type: "sale", mode: "success" })).lines).toEqual(["success"]);
    const after = await query();
    expect(all(after.doc, "Документ")).toEqual([]);
  });

  it("an order whose status staff change in the back office goes out again, once", async () => {
    const href = `/admin/orders/${paid.number}`;
    const page = await manager.html(href);
    const moved = await manager.postForm(href, { to: "assembling", version: inputValue(page, "version")! });
    expect(moved.status).toBe(303);
    expect(textByTestId(await manager.html(href), "order-status")).toBe("Собирается");

    const changed = await query();
    expect(all(changed.doc, "Документ").map((d) => value(d, "Номер"))).toEqual([paid.number]);
    expect(requisites(documentOf(changed.doc, paid.number)!)).toMatchObject({ "Статус заказа": "Собирается", "Заказ оплачен": "true" });
    expect((await changed.onec.call({ type: "sale", mode: "success" })).lines).toEqual(["success"]);
    expect(all((await query()).doc, "Документ")).toEqual([]);
  });

  it("set to windows-1251 and paid orders only: a new paid order goes out in windows-1251, an unpaid one does not", async () => {
    const saved = await owner.postForm("/admin/exchange", {
      intent: "options",
      zip: "no",
      fileLimitKb: "1024",
      importStepSeconds: "25",
      encoding: "windows-1251",
      ordersScope: "paid",
      ordersFrom: "",
    });
    expect(saved.status).toBe(303);
    expect(textByTestId(await owner.html("/admin/exchange"), "flash")).toContain("Настройки обмена сохранены.");
    const waiting = await placeOrderByForms(buyer, commemorativeCoin, 1);
    const second = await paidOrderByForms(buyer, commemorativeCoin, 1);

    const { doc, raw, contentType } = await query();
    expect(contentType).toBe("application/xml; charset=windows-1251");
    expect(raw.subarray(0, 45).toString("latin1")).toBe('<?xml version="1.0" encoding="windows-1251"?>');
    // Cyrillic as single bytes of code page 1251, not UTF-8: «Заказ товара» is З=0xC7, а=0xE0.
    expect(raw.includes(Buffer.from([0xc7, 0xe0, 0xea, 0xe0, 0xe7]))).toBe(true);
    expect(raw.includes(Buffer.from("Заказ", "utf8"))).toBe(false);
    expect(all(doc, "Документ").map((d) => value(d, "Ид"))).toEqual([String(second.orderId)]);
    const person = child(documentOf(doc, second.number)!, "Контрагенты", "Контрагент");
    expect(value(person, "Наименование")).toBe("Иванов Пётр Сергеевич");
    expect(value(documentOf(doc, second.number)!, "ХозОперация")).toBe("Заказ товара");
    expect(waiting.orderId).not.toBe(second.orderId);
    resentCandidates = [paid.orderId, second.orderId];
    resentSecond = second.number;
  });

  it("«Отправить заказы заново с даты» sends the orders taken since that day once more; a bad date is refused in Russian", async () => {
    const taken = await query();
    expect((await taken.onec.call({ type: "sale", mode: "success" })).lines).toEqual(["success"]);
    expect(all((await query()).doc, "Документ")).toEqual([]);

    await owner.postForm("/admin/exchange", { intent: "resend", from: "вчера" });
    expect(textByTestId(await owner.html("/admin/exchange"), "flash")).toContain("Укажите дату: ГГГГ-ММ-ДД");
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const resent = await owner.postForm("/admin/exchange", { intent: "resend", from: today });
    expect([resent.status, resent.headers.get("location")]).toEqual([303, "/admin/exchange"]);
    expect(textByTestId(await owner.html("/admin/exchange"), "flash")).toContain(
      `Заказы с ${today.split("-").reverse().join(".")} уйдут в 1С при следующем обмене`,
    );
    // Only paid orders are set to go out: the unpaid ones stay out even when resent.
    const again = await query();
    expect(all(again.doc, "Документ").map((d) => Number(value(d, "Ид")))).toEqual(resentCandidates);
  });
});

describe("type=sale&mode=file: statuses from 1C", () => {
  const orderDocument = (number: string, requisites: Record<string, string>) =>
    `<Документ><Ид>${number}</Ид><Номер>${number}</Номер><ХозОперация>Заказ товара</ХозОперация><ЗначенияРеквизитов>${Object.entries(requisites)
      .map(([name, value]) => `<ЗначениеРеквизита><Наименование>${name}</Наименование><Значение>${value}</Значение></ЗначениеРеквизита>`)
      .join("")}</ЗначенияРеквизитов></Документ>`;

  it("the owner's table of 1C's status names: the usual names at first, edited with a plain form, a name twice refused in Russian", async () => {
    const page = await owner.html("/admin/exchange");
    expect(inputValue(page, "rows[2].name")).toBe("[F] Выполнен");
    const twice = await owner.postForm("/admin/exchange", {
      intent: "statuses",
      "rows[0].name": "Собран",
      "rows[0].status": "ready_for_pickup",
      "rows[1].name": "собран",
      "rows[1].status": "assembling",
    });
    expect([twice.status, twice.headers.get("location")]).toEqual([303, "/admin/exchange"]);
    const refused = await owner.html("/admin/exchange");
    expect(textByTestId(refused, "flash")).toContain("Статус «собран» указан дважды (уже есть «Собран»)");
    expect(inputValue(refused, "rows[2].name")).toBe("[F] Выполнен");

    await owner.postForm("/admin/exchange", {
      intent: "statuses",
      "rows[0].name": "Собран",
      "rows[0].status": "ready_for_pickup",
      "rows[1].name": "F",
      "rows[1].status": "completed",
      "rows[2].name": "",
      "rows[2].status": "",
    });
    const saved = await owner.html("/admin/exchange");
    expect(textByTestId(saved, "flash")).toContain("Таблица статусов сохранена.");
    expect([inputValue(saved, "rows[0].name"), inputValue(saved, "rows[1].name"), inputValue(saved, "rows[2].name")]).toEqual(["Собран", "F", ""]);
  });

  it("moves an order through the back office's rules and reports what those rules refuse, an unknown status or order, never forcing them", async () => {
    const onec = new OneCClient(shop.url, login, password);
    await onec.checkauth("sale");
    const xml = `<?xml version="1.0" encoding="windows-1251"?>
<КоммерческаяИнформация ВерсияСхемы="2.08">
${orderDocument(paid.number, { "Статус заказа": "Собран", Отменен: "false" })}
${orderDocument(unpaid.number, { "Статус заказа": "Выполнен" })}
${orderDocument(resentSecond, { "Статус заказа": "Отгружен" })}
${orderDocument("1999-000001", { "Статус заказа": "Выполнен" })}
</КоммерческаяИнформация>`;
    const [reply] = await onec.sendFile("sale", "orders.xml", encodeSingleByte(xml, "windows-1251"), 1024 * 1024);
    expect(reply!.lines[0]).toBe("success");
    expect(reply!.lines.slice(1)).toEqual([
      `Статус из 1С не применён: Заказ №${unpaid.number} нельзя перевести из статуса «Ожидает оплаты» в «Выполнен». Возможно: «Оплачен», «Отменён».`,
      `Заказ №${resentSecond}: статус «Отгружен» из 1С не соответствует ни одному статусу сайта (добавьте его в таблицу статусов на странице «Обмен с 1С»)`,
      "Заказ №1999-000001 не найден на сайте",
    ]);
    expect(textByTestId(await manager.html(`/admin/orders/${paid.number}`), "order-status")).toBe("Готов к выдаче");
    expect(textByTestId(await manager.html(`/admin/orders/${unpaid.number}`), "order-status")).toBe("Ожидает оплаты");
    expect(textByTestId(await buyer.client.html(`/my/orders/${paid.orderId}`), "order-status")).toBe("Готов к выдаче");

    // The same file again changes nothing more; a broken one is a failure naming the line.
    const [again] = await onec.sendFile("sale", "statuses.xml", encodeSingleByte(xml, "windows-1251"), 1024 * 1024);
    expect(again!.lines).toEqual(reply!.lines);
    expect(textByTestId(await manager.html(`/admin/orders/${paid.number}`), "order-status")).toBe("Готов к выдаче");
    // A name the table lacks, with a code («Статуса заказа ИД») it has: the code decides, and the rules still refuse the step.
    const byCode = `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08">${orderDocument(unpaid.number, { "Статус заказа": "Закрыт менеджером", "Статуса заказа ИД": "F" })}</КоммерческаяИнформация>`;
    const [coded] = await onec.sendFile("sale", "coded.xml", Buffer.from(byCode), 1024 * 1024);
    expect(coded!.lines).toEqual([
      "success",
      `Статус из 1С не применён: Заказ №${unpaid.number} нельзя перевести из статуса «Ожидает оплаты» в «Выполнен». Возможно: «Оплачен», «Отменён».`,
    ]);
    // 1C cancels a paid order: it is cancelled, its coins back on sale, and the money is left to staff to return.
    const cancel = `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08">${orderDocument(resentSecond, { "Статус заказа": "Оплачен", Отменен: "true" })}</КоммерческаяИнформация>`;
    const [cancelled] = await onec.sendFile("sale", "cancel.xml", Buffer.from(cancel), 1024 * 1024);
    expect(cancelled!.lines).toEqual([
      "success",
      `Заказ №${resentSecond} отменён из 1С, но был оплачен онлайн: верните деньги в карточке заказа («Возврат денег»)`,
    ]);
    expect(textByTestId(await manager.html(`/admin/orders/${resentSecond}`), "order-status")).toBe("Отменён");
    const [broken] = await onec.sendFile("sale", "broken.xml", Buffer.from("<КоммерческаяИнформация><Документ></КоммерческаяИнформация>"), 1024 * 1024);
    expect(broken!.lines).toEqual(["failure", expect.stringContaining("broken.xml: XML не разобран: строка 1")]);
  });
});

describe("what the database kept", () => {
  it("the marks of taken orders and the owner's audited settings", async () => {
    await shop.stop();
    await database.use(async ({ db }) => {
      const marks = await db.select().from(exchangeOrders).orderBy(exchangeOrders.orderId);
      // Resent and not confirmed since: none is taken now; all that went out are marked.
      expect(marks.filter((mark) => mark.takenVersion !== null)).toEqual([]);
      expect(marks.map((mark) => mark.orderId)).toEqual(expect.arrayContaining([unpaid.orderId, ...resentCandidates]));
      const options = await db.select().from(auditLog).where(eq(auditLog.action, "exchange.options")).orderBy(auditLog.id);
      expect(options.at(-1)!.after).toMatchObject({ encoding: "windows-1251", ordersScope: "paid", ordersFrom: null });
      expect(options.at(-1)!.phone).toBe(staff.owner.normal);
      const tables = await db.select().from(auditLog).where(eq(auditLog.action, "exchange.statuses"));
      expect(tables.map((row) => [row.phone, row.after])).toEqual([
        [
          staff.owner.normal,
          {
            statusRows: [
              { name: "Собран", status: "ready_for_pickup" },
              { name: "F", status: "completed" },
            ],
          },
        ],
      ]);
      const [resend] = await db.select().from(auditLog).where(eq(auditLog.action, "exchange.resend"));
      expect(resend).toMatchObject({ phone: staff.owner.normal, entity: "exchange:orders" });
      expect((resend!.after as { orders: number }).orders).toBeGreaterThanOrEqual(3);
      const fromOneC = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, `order:${paid.number}`))
        .orderBy(auditLog.id);
      expect(fromOneC.at(-1)).toMatchObject({
        action: "order.status",
        phone: "exchange",
        before: { status: "assembling" },
        after: { status: "ready_for_pickup", source: "1С" },
      });
    });
  });
});
