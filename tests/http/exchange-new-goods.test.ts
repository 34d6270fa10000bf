// Goods new to the shop from 1C (decision 053) and the owner's groups, statuses and log on «Обмен с 1С»,
// with JavaScript off: a new good waits unpublished (never on the storefront) with what 1C gave,
// its group's section and its offers' stock and price; the same files twice add no second one;
// staff complete it and publish it as a coin, refused in Russian while something is missing.
// The log is filtered by a GET form, 50 a page. On both databases (the PostgreSQL project runs it again).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, exchangeLog, exchangeNewGoods, products } from "#app/modules/db/schema.ts";
import { setExchangeCredentials, setExchangeOptions } from "#app/modules/exchange/settings.server.ts";
import { OneCClient } from "#tests/exchange/one-c-client.ts";
import { newPhone } from "#tests/support/buyer.ts";
import { inputValue, select, selectAll, selectAllIn, textByTestId, textOf } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { addStaffMembers, signedInStaff } from "#tests/support/staff.ts";

const login = "1c-new-goods";
const password = "пароль-обмена-новыми";
let database: ShopDatabase;
let shop: Shop;
let scratch: string;
const staff = { owner: newPhone(), content: newPhone(), manager: newPhone() };
const clients = {} as Record<keyof typeof staff, ShopClient>;
const spaces = (text: string | undefined) =>
  (text ?? "")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const goldGroup = "grp-0000-gold-bullion";
const otherGroup = "grp-0000-souvenirs";
const withProperties = "new-0000-0000-0001";
const bare = "new-0000-0000-0002";

/** import.xml as УТ 11 writes it: groups and properties in the Классификатор, list values by their Ид, the weight as a requisite. */
const importXml = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08">
  <Классификатор>
    <Ид>cls-1</Ид><Наименование>Классификатор</Наименование>
    <Группы>
      <Группа><Ид>${goldGroup}</Ид><Наименование>Золото инвестиционное</Наименование></Группа>
      <Группа><Ид>${otherGroup}</Ид><Наименование>Сувениры</Наименование></Группа>
    </Группы>
    <Свойства>
      <Свойство><Ид>prop-metal</Ид><Наименование>Металл</Наименование><ТипЗначений>Справочник</ТипЗначений>
        <ВариантыЗначений><Справочник><ИдЗначения>opt-au</ИдЗначения><Значение>Золото</Значение></Справочник><Справочник><ИдЗначения>opt-ag</ИдЗначения><Значение>Серебро</Значение></Справочник></ВариантыЗначений>
      </Свойство>
      <Свойство><Ид>prop-fineness</Ид><Наименование>Проба</Наименование></Свойство>
    </Свойства>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="false">
    <Ид>cat-1</Ид><ИдКлассификатора>cls-1</ИдКлассификатора><Наименование>Каталог</Наименование>
    <Товары>
      <Товар>
        <Ид>${withProperties}</Ид><Артикул>NEW-1</Артикул><Наименование>Рысь 50 рублей 2026</Наименование>
        <Группы><Ид>${goldGroup}</Ид></Группы>
        <Описание>Новая монета из 1С</Описание>
        <ЗначенияСвойств>
          <ЗначенияСвойства><Ид>prop-metal</Ид><Значение>opt-au</Значение></ЗначенияСвойства>
          <ЗначенияСвойства><Ид>prop-fineness</Ид><Значение>999</Значение></ЗначенияСвойства>
        </ЗначенияСвойств>
        <ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Вес</Наименование><Значение>7,78</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>
      </Товар>
      <Товар><Ид>${bare}</Ид><Артикул>NEW-2</Артикул><Наименование>Жетон без свойств</Наименование><Группы><Ид>${otherGroup}</Ид></Группы></Товар>
    </Товары>
  </Каталог>
</КоммерческаяИнформация>`;

const offersXml = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08">
  <ПакетПредложений СодержитТолькоИзменения="false">
    <Ид>cat-1#</Ид><Наименование>Пакет</Наименование><ИдКаталога>cat-1</ИдКаталога>
    <ТипыЦен><ТипЦены><Ид>retail</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен>
    <Предложения>
      <Предложение><Ид>${withProperties}</Ид><Наименование>Рысь</Наименование>
        <Цены><Цена><ИдТипаЦены>retail</ИдТипаЦены><ЦенаЗаЕдиницу>65 000,00</ЦенаЗаЕдиницу><Валюта>RUB</Валюта></Цена></Цены><Количество>4</Количество></Предложение>
      <Предложение><Ид>${bare}</Ид><Наименование>Жетон</Наименование><Количество>1</Количество></Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-exchange-new-"));
  const smsOutbox = path.join(scratch, "sms.jsonl");
  database = await createShopDatabase();
  await addStaffMembers(database, [
    { phone: staff.owner.typed, role: "owner", name: "Владелец" },
    { phone: staff.content.typed, role: "content", name: "Контент" },
    { phone: staff.manager.typed, role: "manager", name: "Менеджер" },
  ]);
  await database.use(async ({ db }) => {
    expect(await setExchangeCredentials(db, login, password)).toEqual({ ok: true });
    expect(await setExchangeOptions(db, { zip: false, fileLimit: 1024 * 1024, encoding: "utf-8" })).toEqual({ ok: true });
    // 60 order exchanges of 10 January (Moscow), every third failed, for the log's filter and pages.
    await db.insert(exchangeLog).values(
      Array.from({ length: 60 }, (_, i) => ({
        login: login,
        type: "sale",
        outcome: i % 3 === 0 ? "failure" : "success",
        errors: i % 3 === 0 ? ["orders.xml: XML не разобран"] : [],
        startedAt: new Date(Date.UTC(2026, 0, 9, 21, i)),
        finishedAt: new Date(Date.UTC(2026, 0, 9, 21, i, 2)),
      })),
    );
  });
  shop = await database.start({ SMS_PROVIDER: "file", SMS_OUTBOX_FILE: smsOutbox });
  for (const role of ["owner", "content", "manager"] as const) clients[role] = await signedInStaff(shop.url, smsOutbox, staff[role]);
}, 180_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await rm(scratch, { recursive: true, force: true });
});

/** One catalogue exchange as 1C runs it: checkauth, init, the files, then import of each; the answers. */
async function exchange(files: Record<string, string>): Promise<string[][]> {
  const onec = new OneCClient(shop.url, login, password);
  expect((await onec.checkauth("catalog")).lines[0]).toBe("success");
  const { fileLimit } = await onec.init("catalog");
  for (const [name, text] of Object.entries(files)) await onec.sendFile("catalog", name, Buffer.from(text), fileLimit);
  const answers: string[][] = [];
  for (const name of Object.keys(files)) answers.push((await onec.call({ type: "catalog", mode: "import", filename: name })).lines);
  return answers;
}

/** The new goods as staff see them: the list's rows (name, stock, price, what is missing) and the links to each. */
async function newGoodsList(): Promise<{ found: string; rows: string[]; hrefs: string[] }> {
  const html = await clients.content.html("/admin/exchange/goods");
  return {
    found: spaces(textByTestId(html, "new-goods-found")),
    rows: selectAll(html, '[data-testid="new-goods-table"] tbody tr').map((row) =>
      selectAllIn(row, "td")
        .map((cell) => spaces(textOf(cell)))
        .join(" | "),
    ),
    hrefs: selectAll(html, '[data-testid="new-goods-table"] a').map((link) => link.attribs.href!),
  };
}
const chosen = (html: string, name: string) => select(html, `select[name="${name}"] option[selected]`)?.attribs.value;

describe("new goods from 1C", () => {
  it("arrive unpublished with what 1C gave; the storefront shows none of them", async () => {
    expect(await exchange({ "import.xml": importXml })).toEqual([["success"]]);
    expect(spaces(textByTestId(await clients.owner.html("/admin/exchange"), "exchange-log-table"))).toContain(
      "Новых товаров из 1С: 2. Они не показываются на сайте, пока их не дополнят и не опубликуют («Новые из 1С» в каталоге)",
    );
    for (const address of [
      `/search?q=${encodeURIComponent("Рысь")}`,
      "/catalog/gold",
      "/catalog/gold/bullion-coins",
      "/sitemap.xml",
      "/yml.xml",
      "/api/products",
    ]) {
      const response = await fetch(`${shop.url}${address}`);
      expect(await response.text(), address).not.toContain("Рысь 50 рублей");
    }
  });

  it("1C's groups are listed for the owner, mapped to a section with a plain form; a section the shop lacks is refused in Russian", async () => {
    const owner = clients.owner;
    const page = await owner.html("/admin/exchange");
    expect(spaces(textByTestId(page, "exchange-groups"))).toContain("Золото инвестиционное");
    expect(spaces(textByTestId(page, "exchange-new-goods-link"))).toBe("Новые из 1С: 2");
    // The groups come in the page's order, by name: «Золото инвестиционное», then «Сувениры».
    expect([inputValue(page, "groups[0].id"), inputValue(page, "groups[1].id")]).toEqual([goldGroup, otherGroup]);

    await owner.postForm("/admin/exchange", { intent: "groups", "groups[0].id": goldGroup, "groups[0].section": "no/such/section" });
    expect(spaces(textByTestId(await owner.html("/admin/exchange"), "flash"))).toContain(
      "Для группы «Золото инвестиционное» выберите раздел каталога из списка",
    );
    expect((await clients.manager.postForm("/admin/exchange", { intent: "groups", "groups[0].id": goldGroup, "groups[0].section": "gold" })).status).toBe(403);

    await owner.postForm("/admin/exchange", {
      intent: "groups",
      "groups[0].id": goldGroup,
      "groups[0].section": "gold/bullion-coins",
      "groups[1].id": otherGroup,
      "groups[1].section": "",
    });
    expect(spaces(textByTestId(await owner.html("/admin/exchange"), "flash"))).toContain("Разделы для групп из 1С сохранены.");
  });

  it("the next exchange gives a good of a mapped group the section's values and keeps its offers' stock and price; the same files again add nothing", async () => {
    expect(await exchange({ "import.xml": importXml, "offers.xml": offersXml })).toEqual([["success"], ["success"]]);
    const first = await newGoodsList();
    expect(first.found).toBe("Новых товаров: 2");
    expect(first.rows[0]).toMatch(/^NEW-1 \| Рысь 50 рублей 2026 \| 4 \| 65 000 ₽ \| чистый вес, страна, номинал, эмитент \| /);
    expect(first.rows[1]).toMatch(
      /^NEW-2 \| Жетон без свойств \| 1 \| — \| металл, проба, общий вес, чистый вес, вид монеты, страна, номинал, эмитент, цена \| /,
    );
    // What 1C gave and the mapped section's values are the form's starting point.
    const form = await clients.content.html(first.hrefs[0]!);
    expect([chosen(form, "metal"), chosen(form, "kind"), inputValue(form, "fineness"), inputValue(form, "totalGrams"), chosen(form, "pricing")]).toEqual([
      "gold",
      "investment",
      "999",
      "7,78",
      "fixed",
    ]);

    expect(await exchange({ "import.xml": importXml, "offers.xml": offersXml })).toEqual([["success"], ["success"]]);
    expect(await newGoodsList()).toEqual(first);
    const log = await clients.owner.html("/admin/exchange");
    // Newest first: the second exchange changed nothing (4 unchanged), the one before created nothing and updated 3.
    expect(spaces(textByTestId(log, "exchange-log-table"))).toContain("0 / 0 / 4 / 0");
  });

  it("staff see them in the catalogue with what is missing, and publishing is refused in Russian until the coin is complete", async () => {
    const content = clients.content;
    expect(spaces(textByTestId(await content.html("/admin/catalog"), "catalog-new-from-1c"))).toContain("Новые из 1С: 2");
    expect((await clients.manager.get("/admin/exchange/goods")).status).toBe(403);
    const href = (await newGoodsList()).hrefs[0]!;
    const form = await content.html(href);
    expect([inputValue(form, "sku"), inputValue(form, "fineness"), inputValue(form, "totalGrams"), inputValue(form, "pureGrams")]).toEqual([
      "NEW-1",
      "999",
      "7,78",
      "",
    ]);

    const coin = {
      intent: "publish",
      sku: "NEW-1",
      name: "Рысь 50 рублей 2026",
      metal: "gold",
      kind: "investment",
      fineness: "999",
      totalGrams: "7,78",
      pureGrams: "",
      denomination: "50 рублей",
      country: "Россия",
      issuer: "Банк России",
      pricing: "fixed",
      fixedPrice: "",
      description: "Новая монета из 1С",
    };
    const missing = await content.postForm(href, coin);
    expect(missing.status).toBe(422);
    expect(spaces(textByTestId(missing.text, "edit-error"))).toContain("Укажите: чистый вес");
    const heavier = await content.postForm(href, { ...coin, pureGrams: "8" });
    expect(heavier.status).toBe(422);
    expect(spaces(textByTestId(heavier.text, "edit-error"))).toContain("Чистый вес, г: чистого металла не может быть больше общего веса (7,78 г)");
    const taken = await content.postForm(href, { ...coin, pureGrams: "7,77", sku: "AU-0001" });
    expect(spaces(textByTestId(taken.text, "edit-error"))).toContain("Артикул AU-0001 уже есть в каталоге");
    expect((await content.get("/admin/catalog/NEW-1")).status).toBe(404);

    const published = await content.postForm(href, { ...coin, pureGrams: "7,77" });
    expect([published.status, published.headers.get("location")]).toEqual([303, "/admin/catalog/NEW-1"]);
    expect(spaces(textByTestId(await content.html("/admin/catalog/NEW-1"), "flash"))).toContain("Монета NEW-1 опубликована и продаётся на сайте.");
    // On sale at 1C's price with 1C's stock; found by the buyers' search.
    const feed = await (await fetch(`${shop.url}/yml.xml`)).text();
    expect(/<offer id="NEW-1" available="true">([\s\S]*?)<\/offer>/.exec(feed)?.[1]).toMatch(
      /<price>65000<\/price>[\s\S]*<count>4<\/count>|<count>4<\/count>[\s\S]*<price>65000<\/price>/,
    );
    expect(await (await fetch(`${shop.url}/search?q=${encodeURIComponent("Рысь")}`)).text()).toContain("Рысь 50 рублей 2026");
    // In the section its 1C group is mapped to.
    expect(await (await fetch(`${shop.url}/catalog/gold/bullion-coins`)).text()).toContain("Рысь 50 рублей 2026");
    expect(spaces(textByTestId(await content.html("/admin/exchange/goods"), "new-goods-found"))).toBe("Новых товаров: 1");
  });

  it("the coin keeps the good's Ид: the same files again update it, and no new good comes back", async () => {
    const offers = offersXml.replace("<Количество>4</Количество>", "<Количество>9</Количество>");
    expect(await exchange({ "import.xml": importXml, "offers.xml": offers })).toEqual([["success"], ["success"]]);
    const feed = await (await fetch(`${shop.url}/yml.xml`)).text();
    expect(/<offer id="NEW-1" available="true">([\s\S]*?)<\/offer>/.exec(feed)?.[1]).toContain("<count>9</count>");
    const list = await newGoodsList();
    expect([list.found, list.rows.length]).toEqual(["Новых товаров: 1", 1]);
    expect(list.rows[0]).toContain("Жетон без свойств");
  });
});

describe("the exchange log on «Обмен с 1С»", () => {
  it("is filtered by days, kind and errors with a GET form, 50 a page; a bad date is named in Russian", async () => {
    const owner = clients.owner;
    const found = async (query: string) => spaces(textByTestId(await owner.html(`/admin/exchange?${query}`), "exchange-log-found"));
    expect(await found("type=sale")).toBe("Найдено: 60");
    expect(await found("type=sale&errors=1")).toBe("Найдено: 20");
    expect(await found("from=2026-01-10&to=2026-01-10")).toBe("Найдено: 60");
    expect(await found("from=2026-01-11")).not.toBe("Найдено: 60");
    expect(await found("to=2026-01-09")).toBe("Найдено: 0");
    expect(await found("type=catalog&to=2026-01-10")).toBe("Найдено: 0");
    const first = await owner.html("/admin/exchange?type=sale");
    expect(first).toContain('href="/admin/exchange?type=sale&amp;page=2#exchange-log"');
    const second = await owner.html("/admin/exchange?type=sale&page=2");
    expect(second.match(/<tr>/g)?.length).toBeGreaterThan(10);
    const bad = await owner.html("/admin/exchange?from=2026-02-31");
    expect(bad).toContain("Нет такой даты");
  });

  it("kept the coin's Ид and audited the owner's groups and the staff's publishing", async () => {
    await shop.stop();
    await database.use(async ({ db }) => {
      const [coin] = await db.select().from(products).where(eq(products.sku, "NEW-1"));
      expect(coin).toMatchObject({
        exchangeId: withProperties,
        stock: 9,
        fixedPrice: 65000,
        pricing: "fixed",
        status: "active",
        metal: "gold",
        kind: "investment",
      });
      expect((await db.select().from(exchangeNewGoods)).map((row) => row.exchangeId)).toEqual([bare]);
      const rows = await db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.action, ["exchange.groups", "exchange.publish"]))
        .orderBy(auditLog.id);
      expect(rows.map((row) => [row.action, row.phone, row.entity])).toEqual([
        ["exchange.groups", staff.owner.normal, "exchange:groups"],
        ["exchange.publish", staff.content.normal, "product:NEW-1"],
      ]);
      expect(rows[0]!.after).toEqual({ "Золото инвестиционное": "gold/bullion-coins" });
    });
  });
});
