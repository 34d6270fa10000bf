// What a coin buyer works out before and after buying, as a buyer without
// JavaScript sees it: value figures on cards and in the comparison, the sorts by price per
// gram and by premium, a coin's price history, alerts on price and stock that send one
// message when they come true, and the coins bought here with today's value.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coinBuybackPrice } from "#app/modules/buyback/price.ts";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { coinFigures, coinValue } from "#app/modules/catalog/coin-value.ts";
import type { Metal } from "#app/modules/db/column-values.ts";
import { notifications, products } from "#app/modules/db/schema.ts";
import { changeOrderStatus } from "#app/modules/orders/operator.server.ts";
import { salePrice } from "#app/modules/pricing/pricing.ts";
import { lastTradingDate, storeReadings } from "#app/modules/quotes/store.server.ts";
import { productIdOf, signIn } from "#tests/support/buyer.ts";
import { readEmails } from "#tests/support/email-outbox.ts";
import { attribute, findByTestId, tags, textByTestId, textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import { placeTestOrder, type TestOrder } from "#tests/support/orders.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";

type Demo = (typeof demoCatalog)[number];

const goldSlug = "georgiy-pobedonosec-50-rubley-mmd";
const gold = productIdOf(goldSlug);
// Sold out before the shop starts, back in stock later.
const soldOutSlug = "georgiy-pobedonosec-3-rublya-serebro";
const soldOut = productIdOf(soldOutSlug);
const buyerEmail = "holder@example.ru";

let database: ShopDatabase;
let shop: Shop;
let scratch: string;
let smsOutbox: string;
let emailOutbox: string;
let order: TestOrder;
let rates: { gold: number; silver: number };
/** The buyer of `order`, signed in; re-made on every restart (same cookies, new port). */
let buyer: ShopClient;
let anonymous: ShopClient;

const space = (text: string | undefined) => (text ?? "").replace(/[\s\u00a0\u202f]+/g, " ").trim();
const money = (text: string) => Number(text.replace(/[^\d-−]/g, "").replace("−", "-"));
const demo = (slug: string) => demoCatalog.find((coin) => coin.slug === slug)!;

function expectedPrice(coin: Demo): number {
  const rule =
    coin.pricing === "fixed"
      ? { kind: "fixed" as const, price: coin.fixedPrice! }
      : { kind: "metal" as const, premiumPercent: coin.premiumPercent, fixedPremium: coin.fixedPremium };
  return salePrice({ metal: coin.metal as Metal, pureGrams: coin.pureGrams }, rule, rates);
}
/** Each coin's buy-back discount as the shop's database has it (the operator may have changed the demo's). */
const discounts = new Map<string, number>();
const valueOf = (coin: Demo) =>
  coinValue({ metal: coin.metal as Metal, pureGrams: coin.pureGrams, buybackDiscountPercent: discounts.get(coin.slug)! }, expectedPrice(coin), rates)!;

/** Whole elements carrying data-testid="…", up to the closing tag of their name (same-name nesting not supported). */
function elements(html: string, testId: string): string[] {
  const pattern = new RegExp(`<([a-zA-Z][\\w-]*)[^>]*\\bdata-testid="${testId}"[^>]*>[\\s\\S]*?</\\1>`, "g");
  return [...html.matchAll(pattern)].map((match) => match[0]);
}

type Card = { id: number; inStock: boolean; figures: string };
function cards(html: string): Card[] {
  return [...html.matchAll(/<article[^>]*data-testid="product-card" data-product-id="(\d+)"[\s\S]*?<\/article>/g)].map((match) => ({
    id: Number(match[1]),
    inStock: match[0].includes("В наличии"),
    figures: space(textByTestId(match[0], "card-value")),
  }));
}
const coinById = (id: number) => demoCatalog[id - 1]!;

const emails = () => readEmails(emailOutbox);

async function startHere() {
  shop = await database.start({
    SMS_PROVIDER: "file",
    SMS_OUTBOX_FILE: smsOutbox,
    EMAIL_PROVIDER: "file",
    EMAIL_OUTBOX_FILE: emailOutbox,
    NOTIFY_POLL_INTERVAL_MS: "200",
  });
  anonymous = new ShopClient(shop.url);
  buyer = new ShopClient(shop.url, { jar: buyer?.jar });
  const courses = JSON.parse((await anonymous.get("/api/courses")).text).courses;
  rates = { gold: courses.XAU_RUB.course, silver: courses.XAG_RUB.course };
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-buyer-tools-"));
  smsOutbox = path.join(scratch, "sms.jsonl");
  emailOutbox = path.join(scratch, "email.jsonl");
  database = await createShopDatabase();
  await database.use(async ({ db }) => {
    // Two coins bought at the test rates and delivered: the order is completed by the operator.
    order = await placeTestOrder(db, { lines: [{ productId: gold, quantity: 2 }], email: buyerEmail });
    await changeOrderStatus(db, order.number, "paid");
    await changeOrderStatus(db, order.number, "assembling");
    await changeOrderStatus(db, order.number, "shipped", { trackingNumber: "RB123456789RU" });
    expect((await changeOrderStatus(db, order.number, "completed")).ok).toBe(true);
    await db.update(products).set({ stock: 0 }).where(eq(products.id, soldOut));
    for (const row of await db.select({ slug: products.slug, discount: products.buybackDiscountPercent }).from(products)) discounts.set(row.slug, row.discount);
  });
  await startHere();
  // The buyer of that order signs in with the phone of the order (a known buyer: no step 3).
  expect((await signIn(buyer, smsOutbox, order.phone, { register: false })).verified).toBe("/");
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await rm(scratch, { recursive: true, force: true });
});

describe("value figures and sorts", () => {
  it("every card shows the price of a gram of pure metal, the premium, the buy-back price and the spread", async () => {
    const shown = cards(await anonymous.html("/catalog/gold"));
    expect(shown.length).toBeGreaterThan(5);
    for (const card of shown) {
      const coin = coinById(card.id);
      const lines = coinFigures(valueOf(coin))!;
      expect(card.figures, coin.name).toBe(space(`${lines.perGram}${lines.buyback}`));
    }
    // Георгий ММД: 7,78 г; the buy-back follows its own 5 % discount, the one rule of buyback/price.ts.
    const georgiy = shown.find((card) => card.id === gold)!;
    const buyback = coinBuybackPrice({ metal: "gold", pureGrams: 7.78, buybackDiscountPercent: discounts.get(goldSlug)! }, rates);
    expect(georgiy.figures).toContain(space(`Выкуп ${new Intl.NumberFormat("ru-RU").format(buyback)} ₽`));
  });

  it("the sort select offers 'Дешевле за грамм' and 'Меньше наценка', and each orders the coins in stock", async () => {
    const page = await anonymous.html("/catalog/gold");
    const options = tags(page, "option").map((tag) => attribute(tag, "value"));
    expect(options).toEqual(expect.arrayContaining(["per-gram", "premium"]));
    expect(textContent(page)).toContain("Дешевле за грамм");
    expect(textContent(page)).toContain("Меньше наценка");

    for (const [sort, key] of [
      ["per-gram", (coin: Demo) => valueOf(coin).perGram],
      ["premium", (coin: Demo) => expectedPrice(coin) / (coin.pureGrams * rates[coin.metal as Metal])],
    ] as const) {
      const list = cards(await anonymous.html(`/catalog/gold?sort=${sort}`));
      const stocked = list.filter((card) => card.inStock);
      expect(list.slice(0, stocked.length), sort).toEqual(stocked);
      const keys = stocked.map((card) => key(coinById(card.id)));
      expect(keys, sort).toEqual([...keys].sort((a, b) => a - b));
      // Not the default order: the sort did something.
      expect(
        list.map((card) => card.id),
        sort,
      ).not.toEqual(cards(await anonymous.html("/catalog/gold")).map((card) => card.id));
    }
  });

  it("the comparison shows today's buy-back price and the spread of each coin", async () => {
    const client = new ShopClient(shop.url);
    for (const id of [gold, productIdOf("georgiy-pobedonosec-3-rublya-serebro")]) {
      expect((await client.postForm("/product-comparison", { intent: "add", productId: String(id) })).status).toBe(303);
    }
    const page = await client.html("/product-comparison");
    const row = (name: string) => {
      const tr = [...page.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!).find((cells) => textContent(cells).startsWith(name))!;
      return [...tr.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => space(textContent(m[1]!)));
    };
    const georgiy = valueOf(demo(goldSlug));
    expect(money(row("Цена выкупа сегодня")[0]!)).toBe(georgiy.buyback);
    expect(row("Спред (продажа − выкуп)")[0]).toBe(`${String(georgiy.spreadPercent).replace(".", ",")} %`);
    expect(row("Спред (продажа − выкуп)")).toHaveLength(2);
  });
});

describe("price history on the product page", () => {
  /** The chart's section and how many days its buy-back line has (one point a trading day). */
  const points = (html: string) => {
    const section = elements(html, "price-history")[0]!;
    const secondary = tags(section, "path").find((tag) => attribute(tag, "data-testid") === "chart-secondary")!;
    return { section, days: (attribute(secondary, "d") ?? "").split(/[ML]/).filter(Boolean).length };
  };

  it("draws the sale and buy-back lines on the server, with min/max and range links that work without JavaScript", async () => {
    const page = await anonymous.html(`/products/${goldSlug}`);
    const { section } = points(page);
    expect(section).toContain("<svg");
    expect(findByTestId(section, "chart-secondary")).toHaveLength(1);
    const marks = space(textContent(elements(section, "chart-marks")[0]!));
    expect(marks).toMatch(/макс\. [\d ]+ ₽/);
    expect(marks).toMatch(/мин\. [\d ]+ ₽/);
    const links = tags(section, "a").map((tag) => attribute(tag, "href"));
    expect(links).toEqual([`/products/${goldSlug}?range=month#history`, `/products/${goldSlug}?range=year#history`]);
    // The last point is today's price on the page, from the same rule.
    const caption = space(textContent(/<figcaption[^>]*>([\s\S]*?)<\/figcaption>/.exec(section)![1]!));
    const price = expectedPrice(demo(goldSlug));
    expect(caption).toContain(
      `— ${space(new Intl.NumberFormat("ru-RU").format(price))} ₽, выкуп ${space(new Intl.NumberFormat("ru-RU").format(valueOf(demo(goldSlug)).buyback!))} ₽`,
    );
  });

  it("a month has about twenty trading days, a year about two hundred and fifty", async () => {
    const month = points(await anonymous.html(`/products/${goldSlug}?range=month`));
    const year = points(await anonymous.html(`/products/${goldSlug}?range=year`));
    const monthDays = month.days;
    const yearDays = year.days;
    expect(monthDays).toBeGreaterThanOrEqual(18);
    expect(monthDays).toBeLessThanOrEqual(26);
    expect(yearDays).toBeGreaterThan(200);
    expect(findByTestId(month.section, "chart-marks")).toHaveLength(1);
  });
});

describe("holdings", () => {
  it("/my/coins lists the coins of completed orders with what was paid, today's prices and the gain", async () => {
    const page = await buyer.html("/my/coins");
    const rows = elements(page, "holding");
    expect(rows).toHaveLength(1);
    const coin = demo(goldSlug);
    const buyback = valueOf(coin).buyback!;
    const price = expectedPrice(coin);
    expect(money(textByTestId(rows[0]!, "paid")!)).toBe(order.goodsTotal);
    expect(money(textByTestId(rows[0]!, "price-today")!)).toBe(price);
    expect(money(textByTestId(rows[0]!, "buyback-today")!)).toBe(buyback);
    const gain = 2 * buyback - order.goodsTotal;
    const gainText = space(textByTestId(rows[0]!, "gain"));
    expect(money(gainText.split("(")[0]!)).toBe(gain);
    const percent = Math.round((gain / order.goodsTotal) * 1000) / 10;
    expect(gainText).toContain(`${Math.abs(percent).toFixed(1).replace(".", ",")} %`);
    expect(money(space(textByTestId(page, "gain-total")).split("(")[0]!)).toBe(gain);
    // The account menu leads here.
    expect(tags(page, "a").map((tag) => attribute(tag, "href"))).toContain("/my/coins");
  });

  it("asks a visitor who is not signed in to sign in", async () => {
    const response = await anonymous.get("/my/coins");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fmy%2Fcoins");
  });
});

describe("alerts", () => {
  const productPage = `/products/${goldSlug}`;
  const subscribe = (client: ShopClient, fields: Record<string, string>, productId = gold, redirectTo = productPage) =>
    client.postForm("/my/alerts", { productId: String(productId), redirectTo, ...fields });
  const flashAfter = async (response: { status: number; headers: Headers }) => {
    expect(response.status).toBe(303);
    return space(textByTestId(await buyer.html(response.headers.get("location")!.replace(/#.*$/, "")), "flash"));
  };
  let threshold: number;

  it("a visitor is asked to sign in, and a post without a session changes nothing", async () => {
    const page = await anonymous.html(productPage);
    expect(space(textByTestId(page, "alerts-sign-in"))).toContain("Войдите, чтобы подписаться");
    expect(findByTestId(page, "alert-price-form")).toHaveLength(0);
    const posted = await subscribe(anonymous, { kind: "price_below", channel: "sms", threshold: "1000" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toMatch(/^\/login/);
  });

  it("refuses bad values with Russian messages", async () => {
    const price = expectedPrice(demo(goldSlug));
    expect(await flashAfter(await subscribe(buyer, { kind: "price_below", channel: "sms", threshold: "дешевле" }))).toBe(
      "Цена — целое число рублей больше нуля, например 95000.",
    );
    expect(await flashAfter(await subscribe(buyer, { kind: "price_below", channel: "sms", threshold: String(price) }))).toBe(
      space(`Цена уже ${new Intl.NumberFormat("ru-RU").format(price)} ₽: укажите сумму ниже текущей цены.`),
    );
    expect(await flashAfter(await subscribe(buyer, { kind: "in_stock", channel: "sms" }))).toBe("Монета уже в наличии — её можно купить сейчас.");
    expect(await flashAfter(await subscribe(buyer, { kind: "price_below", channel: "pigeon", threshold: "1000" }))).toBe(
      "Выберите, как сообщить: SMS или e-mail.",
    );
    expect(findByTestId(await buyer.html("/my/alerts"), "alert")).toHaveLength(0);
  });

  it("a buyer subscribes on the coin's page and sees the alerts in /my/alerts", async () => {
    const page = await buyer.html(productPage);
    expect(findByTestId(page, "alert-price-form")).toHaveLength(1);
    // In stock: no arrival form here; on the sold-out coin there is one.
    expect(findByTestId(page, "alert-stock-form")).toHaveLength(0);
    expect(findByTestId(await buyer.html(`/products/${soldOutSlug}`), "alert-stock-form")).toHaveLength(1);

    threshold = expectedPrice(demo(goldSlug)) - 1;
    const typed = new Intl.NumberFormat("ru-RU").format(threshold);
    expect(await flashAfter(await subscribe(buyer, { kind: "price_below", channel: "sms", threshold: typed }))).toContain(
      "Сообщим по SMS, когда «Георгий Победоносец",
    );
    expect(await flashAfter(await subscribe(buyer, { kind: "in_stock", channel: "email" }, soldOut, `/products/${soldOutSlug}`))).toContain(
      "появится в наличии",
    );
    const listed = elements(await buyer.html("/my/alerts"), "alert").map((row) => space(textContent(row)));
    expect(listed).toHaveLength(2);
    expect(listed.join("\n")).toContain(space(`Цена ниже ${typed} ₽`));
    expect(listed.join("\n")).toContain("Поступление в продажу");
  });

  it("keeps at most 20 alerts per buyer, and removes one on request", async () => {
    const others = demoCatalog
      .map((coin, index) => index + 1)
      .filter((id) => id !== gold && id !== soldOut)
      .slice(0, 18);
    for (const id of others) {
      expect(await flashAfter(await subscribe(buyer, { kind: "price_below", channel: "sms", threshold: "1" }, id, "/my/alerts"))).toMatch(/^Сообщим/);
    }
    const extra = demoCatalog.findIndex((coin, index) => !others.includes(index + 1) && index + 1 !== gold && index + 1 !== soldOut) + 1;
    expect(await flashAfter(await subscribe(buyer, { kind: "price_below", channel: "sms", threshold: "1" }, extra, "/my/alerts"))).toBe(
      "Можно держать не больше 20 уведомлений. Удалите ненужные в разделе «Уведомления».",
    );
    const page = await buyer.html("/my/alerts");
    expect(findByTestId(page, "alert")).toHaveLength(20);
    // Remove the 18 extra ones again, each by its own form.
    const ids = [...page.matchAll(/name="alertId" value="(\d+)"/g)].map((m) => m[1]!);
    for (const id of ids) {
      const row = elements(page, "alert").find((r) => r.includes(`value="${id}"`))!;
      if (row.includes(`/products/${goldSlug}"`) || row.includes(`/products/${soldOutSlug}"`)) continue;
      const removed = await buyer.postForm("/my/alerts", { intent: "remove", alertId: id });
      expect(removed.status).toBe(303);
    }
    expect(findByTestId(await buyer.html("/my/alerts"), "alert")).toHaveLength(2);
    // Someone else's alert id removes nothing.
    const stranger = await buyer.postForm("/my/alerts", { intent: "remove", alertId: "999999" });
    expect(await flashAfter(stranger)).toBe("Такого уведомления нет — возможно, оно уже удалено.");
  });

  it("when the quotes fall below the limit and the coin comes back, exactly one message each is written and sent", { timeout: 180_000 }, async () => {
    await shop.stop();
    await database.use(async ({ db }) => {
      // The embedded source's newest gold reading, 5 % lower; and the sold-out coin back in stock.
      const day = (await lastTradingDate(db, "embedded"))!;
      await storeReadings(db, "embedded", [{ instrument: "XAU_RUB", tradingDate: day, value: rates.gold * 0.95 }], new Date());
      await db.update(products).set({ stock: 3 }).where(eq(products.id, soldOut));
    });
    await startHere();
    const sms = await waitFor(
      async () => (await readSmsNotices(smsOutbox, order.phone)).filter((m) => m.text.includes("вы ждали ниже")),
      (found) => found.length > 0,
      20_000,
      "the price alert's SMS",
    );
    expect(sms).toHaveLength(1);
    const newPrice = expectedPrice(demo(goldSlug));
    expect(newPrice).toBeLessThan(threshold);
    expect(space(sms[0]!.text)).toContain(space(`теперь ${new Intl.NumberFormat("ru-RU").format(newPrice)} ₽`));
    expect(sms[0]!.text).toContain(`/products/${goldSlug}`);
    const mail = await waitFor(
      async () => (await emails()).filter((m) => m.subject.startsWith("Снова в наличии")),
      (found) => found.length > 0,
      20_000,
      "the arrival alert's e-mail",
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(buyerEmail);

    // Another start checks again: the conditions still hold, and nothing more is written.
    await shop.stop();
    await startHere();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await readSmsNotices(smsOutbox, order.phone)).filter((m) => m.text.includes("вы ждали ниже"))).toHaveLength(1);
    expect((await emails()).filter((m) => m.subject.startsWith("Снова в наличии"))).toHaveLength(1);
    await shop.stop();
    // Which of the two the shop writes first is not the point (and no order is asked of the database).
    const written = await database.use(({ db }) => db.select().from(notifications).where(like(notifications.event, "alert_%")).orderBy(notifications.event));
    expect(written.map((row) => [row.event, row.channel])).toEqual([
      ["alert_in_stock", "email"],
      ["alert_price_below", "sms"],
    ]);
    await startHere();
  });

  it("the e-mail's unsubscribe link shows a confirm form; only the POST removes the alert", async () => {
    const mail = (await emails()).find((m) => m.subject.startsWith("Снова в наличии"))!;
    const link = /Отписаться от этого уведомления: (\S+)/.exec(mail.text)![1]!;
    expect(mail.html).toContain(`href="${link}"`);
    const pathOnly = new URL(link).pathname;
    const confirm = await anonymous.html(pathOnly);
    expect(space(textByTestId(confirm, "unsubscribe"))).toContain("Больше не сообщать о поступлении монеты");
    // Looking at the page removed nothing.
    expect(findByTestId(await buyer.html("/my/alerts"), "alert")).toHaveLength(2);
    const done = await anonymous.postForm(pathOnly, {});
    expect(done.status).toBe(303);
    expect(findByTestId(await buyer.html("/my/alerts"), "alert")).toHaveLength(1);
    expect(space(textContent(await anonymous.html(pathOnly)))).toContain("Это уведомление уже удалено");
  });
});
