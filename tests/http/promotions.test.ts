// Promotions the shop applies, not only advertises, without JavaScript:
// 10 silver Георгий get the premium 2 points lower in the cart, at checkout and in the order;
// the courier is free from 300 000 ₽ and paid below; an expired promotion gives nothing.
// The promotions are imported with dates around today (npm run content -- import) before
// the shop starts, so the suite does not depend on the demo promotions' calendar.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { moscowToday } from "#app/modules/content/dates.ts";
import { type MetalRates, salePrice } from "#app/modules/pricing/pricing.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { postCheckoutForm, signedInBuyer, type Buyer } from "#tests/support/buyer.ts";
import { runCommand } from "#tests/support/commands.ts";
import { attribute, findByTestId, radioValues, tags, textByTestId } from "#tests/support/html.ts";
import { adminDatabaseUrl, createTestDatabase, type Shop, startShop, type TestDatabase } from "#tests/support/server.ts";
import { copyTemplateDataDir } from "#tests/support/shop-template.ts";

let shop: Shop;
let scratch: string;
let outbox: string;
let database: TestDatabase | undefined;

const bySku = (sku: string) => {
  const index = demoCatalog.findIndex((coin) => coin.sku === sku);
  return { id: index + 1, ...demoCatalog[index]! };
};
/** Серебряный Георгий Победоносец 3 рубля: the coin of the premium promotion. */
const silverGeorgiy = bySku("AG-0003");
/** Георгий Победоносец 50 рублей (ММД): an expired promotion was for it. */
const goldGeorgiy = bySku("AU-0001");
/** Георгий Победоносец 25 рублей: its premium is lowered by quantity tiers set here. */
const goldGeorgiy25 = bySku("AU-0004");
/** Георгий Победоносец 50 рублей (СПМД): 33 in stock, four make an order above 300 000 ₽. */
const goldGeorgiySpmd = bySku("AU-0002");

const day = (offset: number) => {
  const date = new Date(`${moscowToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

const promoFile = (id: number, title: string, starts: string, ends: string, rule: string) =>
  `---\nid: ${id}\ntitle: ${title}\ndescription: Кратко.\nstarts: ${starts}\nends: ${ends}\n${rule}\n---\nУсловия.\n`;

async function importPromotions(env: Record<string, string>) {
  const folder = path.join(scratch, "content");
  await mkdir(path.join(folder, "promo"), { recursive: true });
  const files = {
    "1.md": promoFile(1, "Бесплатный курьер от 300 000 ₽", day(-1), day(30), "rule:\n  kind: free-delivery\n  deliveries: [45]\n  minGoodsTotal: 300000"),
    "2.md": promoFile(
      2,
      "Серебряный Георгий от 10 штук",
      day(-1),
      day(30),
      "rule:\n  kind: premium-discount\n  coins:\n    series: georgiy-pobedonosec\n    metal: silver\n  minQuantity: 10\n  premiumPoints: 2",
    ),
    "4.md": promoFile(
      4,
      "Золотой Георгий — прошедшая скидка",
      day(-60),
      day(-1),
      "rule:\n  kind: premium-discount\n  coins:\n    skus: [AU-0001]\n    metal: gold\n  minQuantity: 1\n  premiumPoints: 5",
    ),
  };
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(folder, "promo", name), text);
  const imported = await runCommand("scripts/content.ts", ["import", folder], env);
  expect(imported.stderr).toBe("");
  expect(imported.code).toBe(0);
}

/** The operator's quantity tiers of one coin, and what a bad line gets. */
async function setTiers(env: Record<string, string>) {
  const refused = await runCommand("scripts/catalog.ts", ["tiers", goldGeorgiy25.sku, "3:0"], env);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toBe("tiers: «3:0»: скидка должна быть больше 0 пунктов.\n");
  const unknown = await runCommand("scripts/catalog.ts", ["tiers", "NOPE-1", "3:1"], env);
  expect(unknown.stderr).toBe("Монеты с артикулом NOPE-1 в каталоге нет.\n");
  const set = await runCommand("scripts/catalog.ts", ["tiers", goldGeorgiy25.sku, "3:1,10:2"], env);
  expect(set.stderr).toBe("");
  expect(set.stdout).toBe(`${goldGeorgiy25.sku} «${goldGeorgiy25.name}»: от 3 шт. наценка ниже на 1 п.п.; от 10 шт. наценка ниже на 2 п.п.\n`);
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-promotions-"));
  outbox = path.join(scratch, "outbox.jsonl");
  const smsEnv = { SMS_PROVIDER: "file", SMS_OUTBOX_FILE: outbox };
  const admin = adminDatabaseUrl();
  if (admin) {
    database = await createTestDatabase(admin);
    await importPromotions({ DATABASE_URL: database.url, DATA_DIR: path.join(scratch, "pg-scratch") });
    await setTiers({ DATABASE_URL: database.url, DATA_DIR: path.join(scratch, "pg-scratch") });
    shop = await startShop({ databaseUrl: database.url, env: smsEnv });
  } else {
    const dataDir = path.join(scratch, "data");
    await copyTemplateDataDir("seeded", dataDir);
    await importPromotions({ DATA_DIR: dataDir });
    await setTiers({ DATA_DIR: dataDir });
    shop = await startShop({ embedded: true, env: { ...smsEnv, DATA_DIR: dataDir } });
  }
}, 240_000);

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
  await rm(scratch, { recursive: true, force: true });
});

/** Roubles as the pages' text reads (textContent makes every space a plain one). */
const money = (amount: number) => formatMoney(amount).replace(/\s+/g, " ");
const rubles = (text: string | undefined) => Number((text ?? "").replace(/[^\d]/g, ""));
const contact = { lastName: "Иванов", name: "Пётр", secondName: "Сергеевич", email: "petr@example.ru" };

async function addToCart(buyer: Buyer, productId: number, quantity: number) {
  expect((await buyer.client.postForm("/cart", { intent: "add", productId: String(productId), quantity: String(quantity) })).status).toBe(303);
}

/** The HTML of a coin's cart line. */
function cartLine(html: string, productId: number): string {
  const tag = findByTestId(html, "cart-line").find((candidate) => candidate.includes(`data-product-id="${productId}"`));
  if (!tag) throw new Error(`no cart line for ${productId}`);
  const start = html.indexOf(tag);
  const next = html.indexOf('data-testid="cart-line"', start + tag.length);
  return html.slice(start, next === -1 ? html.indexOf("</ul>", start) : next);
}

/** The metal rates the shop prices with now (roubles per gram), from /api/courses. */
async function currentRates(buyer: Buyer): Promise<MetalRates> {
  const body = JSON.parse((await buyer.client.get("/api/courses")).text) as { courses: Record<string, { course: number }> };
  return { gold: body.courses.XAU_RUB!.course, silver: body.courses.XAG_RUB!.course };
}

/** The price per coin shown on a product page (what the catalogue sells one coin at). */
async function productPrice(buyer: Buyer, slug: string): Promise<number> {
  return rubles(textByTestId(await buyer.client.html(`/products/${slug}`), "price"));
}

/**
 * Applies the given delivery and contact on /checkout, checks the page then shows what `page`
 * showed, and places the order from it as a buyer does; returns the order page's HTML.
 */
async function placeAndOpenOrder(buyer: Buyer, page: string, fields: Record<string, string>): Promise<string> {
  const form = { ...contact, phone: buyer.phone.typed, paymentId: "4", ...fields };
  expect((await postCheckoutForm(buyer.client, page, { ...form, intent: "save" })).status).toBe(303);
  const applied = await buyer.client.html("/checkout");
  expect(textByTestId(applied, "order-total")).toBe(textByTestId(page, "order-total"));
  const placed = await postCheckoutForm(buyer.client, applied, { ...form, intent: "place" });
  expect(placed.status).toBe(303);
  expect(placed.headers.get("location")).not.toMatch(/^\/checkout/);
  const orders = await buyer.client.html("/my/orders");
  const ids = tags(orders, "a")
    .map((tag) => /\/my\/orders\/(\d+)/.exec(attribute(tag, "href") ?? "")?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number);
  return buyer.client.html(`/my/orders/${Math.max(...ids)}`);
}

describe("a premium promotion: 10 silver Георгий, premium 2 points lower", () => {
  it("lowers each coin by exactly 2 points of premium in the cart, at checkout and in the order, and says so", async () => {
    const buyer = await signedInBuyer(shop.url, outbox);
    // Worked out here from the shop's own quotes: the coin at its premium, and at 2 points less.
    const rates = await currentRates(buyer);
    const coin = { metal: "silver" as const, pureGrams: silverGeorgiy.pureGrams };
    const price = salePrice(coin, { kind: "metal", premiumPercent: silverGeorgiy.premiumPercent, fixedPremium: silverGeorgiy.fixedPremium ?? 0 }, rates);
    const discounted = salePrice(
      coin,
      { kind: "metal", premiumPercent: silverGeorgiy.premiumPercent - 2, fixedPremium: silverGeorgiy.fixedPremium ?? 0 },
      rates,
    );
    expect(await productPrice(buyer, silverGeorgiy.slug)).toBe(price);
    expect(discounted).toBeLessThan(price);

    await addToCart(buyer, silverGeorgiy.id, 9);
    const nine = cartLine(await buyer.client.html("/cart"), silverGeorgiy.id);
    expect(nine).not.toContain('data-testid="line-discount"');
    expect(rubles(textByTestId(nine, "unit-price"))).toBe(price);

    await addToCart(buyer, silverGeorgiy.id, 1);
    const ten = cartLine(await buyer.client.html("/cart"), silverGeorgiy.id);
    const saved = (price - discounted) * 10;
    expect(textByTestId(ten, "line-discount")).toMatch(/^Акция: Серебряный Георгий от 10 штук, −/);
    expect(rubles(textByTestId(ten, "line-discount")!.split("−")[1])).toBe(saved);
    expect(rubles(textByTestId(ten, "unit-price"))).toBe(discounted);

    const checkout = await buyer.client.html("/checkout");
    const goods = rubles(textByTestId(checkout, "goods-total"));
    expect(goods).toBe(discounted * 10);
    expect(textByTestId(checkout, "line-discount")).toMatch(/^Акция: Серебряный Георгий от 10 штук, −/);
    const shownTotal = rubles(textByTestId(checkout, "order-total"));

    const order = await placeAndOpenOrder(buyer, checkout, { deliveryId: "76", pointCode: radioValues(checkout, "pointCode")[0]! });
    expect(rubles(textByTestId(order, "order-goods-total"))).toBe(discounted * 10);
    expect(rubles(textByTestId(order, "order-total"))).toBe(shownTotal);
    expect(textByTestId(order, "line-discount")).toMatch(/^Акция: Серебряный Георгий от 10 штук, −/);
    expect(rubles(textByTestId(order, "line-discount")!.split("−")[1])).toBe(saved);
  });

  it("gives nothing for an expired promotion: the coin costs what its page says", async () => {
    const buyer = await signedInBuyer(shop.url, outbox);
    const price = await productPrice(buyer, goldGeorgiy.slug);
    await addToCart(buyer, goldGeorgiy.id, 1);
    const line = cartLine(await buyer.client.html("/cart"), goldGeorgiy.id);
    expect(line).not.toContain('data-testid="line-discount"');
    expect(rubles(textByTestId(await buyer.client.html("/checkout"), "goods-total"))).toBe(price);
  });
});

describe("a free-delivery promotion: the courier free from 300 000 ₽", () => {
  async function courierCheckout(buyer: Buyer) {
    const page = await buyer.client.html("/checkout");
    const saved = await postCheckoutForm(buyer.client, page, { deliveryId: "45", intent: "save" });
    expect(saved.status).toBe(303);
    return buyer.client.html("/checkout");
  }

  it("shows and charges 0 ₽ for the courier at 300 000 ₽ and more, naming the promotion", async () => {
    const buyer = await signedInBuyer(shop.url, outbox);
    await addToCart(buyer, goldGeorgiySpmd.id, 4);
    const page = await courierCheckout(buyer);
    const goods = rubles(textByTestId(page, "goods-total"));
    expect(goods).toBeGreaterThanOrEqual(300_000);
    expect(textByTestId(page, "delivery-total")).toBe("Бесплатно");
    expect(textByTestId(page, "delivery-discount")).toMatch(/^Акция: Бесплатный курьер от 300 000 ₽, −\d/);
    expect(rubles(textByTestId(page, "order-total"))).toBe(goods);

    const order = await placeAndOpenOrder(buyer, page, { deliveryId: "45", street: "Тверская", house: "7" });
    expect(textByTestId(order, "order-delivery-total")).toBe("Бесплатно");
    expect(rubles(textByTestId(order, "order-total"))).toBe(goods);
    expect(textByTestId(order, "delivery-discount")).toMatch(/^Акция: Бесплатный курьер от 300 000 ₽, −\d/);
  });

  it("keeps the courier paid below 300 000 ₽, and the order charges it", async () => {
    const buyer = await signedInBuyer(shop.url, outbox);
    await addToCart(buyer, goldGeorgiySpmd.id, 1);
    const page = await courierCheckout(buyer);
    const goods = rubles(textByTestId(page, "goods-total"));
    expect(goods).toBeLessThan(300_000);
    const delivery = rubles(textByTestId(page, "delivery-total"));
    expect(delivery).toBeGreaterThan(0);
    expect(page).not.toContain('data-testid="delivery-discount"');
    const order = await placeAndOpenOrder(buyer, page, { deliveryId: "45", street: "Тверская", house: "7" });
    expect(rubles(textByTestId(order, "order-delivery-total"))).toBe(delivery);
    expect(rubles(textByTestId(order, "order-total"))).toBe(goods + delivery);
  });
});

describe("quantity tiers a coin's operator set", () => {
  it("shows the table on the product page, and the cart and the order charge the tier's price", async () => {
    const buyer = await signedInBuyer(shop.url, outbox);
    const rates = await currentRates(buyer);
    const coin = { metal: "gold" as const, pureGrams: goldGeorgiy25.pureGrams };
    const at = (points: number) =>
      salePrice(coin, { kind: "metal", premiumPercent: goldGeorgiy25.premiumPercent - points, fixedPremium: goldGeorgiy25.fixedPremium ?? 0 }, rates);
    const product = await buyer.client.html(`/products/${goldGeorgiy25.slug}`);
    expect(rubles(textByTestId(product, "price"))).toBe(at(0));
    const table = textByTestId(product, "quantity-tiers")!;
    expect(table).toContain(`от 3 шт. — ${money(at(1))}/шт.`);
    expect(rubles(table.split("от 10 шт.")[1])).toBe(at(2));

    await addToCart(buyer, goldGeorgiy25.id, 2);
    expect(rubles(textByTestId(cartLine(await buyer.client.html("/cart"), goldGeorgiy25.id), "unit-price"))).toBe(at(0));
    await addToCart(buyer, goldGeorgiy25.id, 1);
    const line = cartLine(await buyer.client.html("/cart"), goldGeorgiy25.id);
    expect(rubles(textByTestId(line, "unit-price"))).toBe(at(1));
    expect(textByTestId(line, "line-discount")).toBe(`Скидка от 3 шт., −${money((at(0) - at(1)) * 3)}`);

    const checkout = await buyer.client.html("/checkout");
    expect(rubles(textByTestId(checkout, "goods-total"))).toBe(at(1) * 3);
    const order = await placeAndOpenOrder(buyer, checkout, { deliveryId: "76", pointCode: radioValues(checkout, "pointCode")[0]! });
    expect(rubles(textByTestId(order, "order-goods-total"))).toBe(at(1) * 3);
    expect(rubles(textByTestId(order, "order-total"))).toBe(rubles(textByTestId(checkout, "order-total")));
    expect(textByTestId(order, "line-discount")).toBe(`Скидка от 3 шт., −${money((at(0) - at(1)) * 3)}`);
  });
});
