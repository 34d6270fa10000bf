// The catalogue as a buyer without JavaScript and a crawler see it: sections with their
// names and breadcrumbs, filters, sorting and pages as GET parameters, prices computed on
// the server from the quotes, product pages with structured data matching what is shown.
import { beforeAll, describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { demoCatalogSections } from "#app/modules/seed/catalog-sections.server.ts";
import type { Metal } from "#app/modules/db/column-values.ts";
import { salePrice } from "#app/modules/pricing/pricing.ts";
import {
  attribute,
  attributeOf,
  byTestId,
  h1Texts,
  inputValue,
  jsonLdBlocks,
  robotsMeta,
  selectAllIn,
  selectIn,
  tags,
  textByTestId,
  textContent,
  textOf,
} from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

const shop = runningShop();
let client: ShopClient;
let rates: { gold: number; silver: number };

beforeAll(async () => {
  client = shop.client();
  const courses = JSON.parse((await client.get("/api/courses")).text).courses;
  rates = { gold: courses.XAU_RUB.course, silver: courses.XAG_RUB.course };
});

type Demo = (typeof demoCatalog)[number];

/** What the shop should charge for a demo coin right now. */
function expectedPrice(coin: Demo): number {
  const rule =
    coin.pricing === "fixed"
      ? { kind: "fixed" as const, price: coin.fixedPrice! }
      : { kind: "metal" as const, premiumPercent: coin.premiumPercent, fixedPremium: coin.fixedPremium };
  return salePrice({ metal: coin.metal as Metal, pureGrams: coin.pureGrams }, rule, rates);
}

/** The demo coins a section's saved filter selects. */
function sectionCoins(filter: Record<string, string | number>): Demo[] {
  return demoCatalog.filter(
    (coin) =>
      (!filter.metal || coin.metal === filter.metal) &&
      (!filter.kind || coin.kind === filter.kind) &&
      (!filter.series || coin.seriesSlug === filter.series) &&
      (!filter.country || coin.country === filter.country) &&
      (!filter.collection || coin.collection === filter.collection) &&
      (filter.denomination === undefined || coin.denominationRub === filter.denomination),
  );
}

type Card = { id: number; name: string; price: number; inStock: boolean };

function cards(html: string): Card[] {
  return byTestId(html, "product-card").map((card) => {
    // The title link: not the picture's link, which is out of the tab order.
    const name = textOf(selectAllIn(card, 'a[href^="/products/"]:not([tabindex="-1"])').find((link) => !selectIn(link, "img")));
    const price = Number(textOf(selectIn(card, '[data-testid="price"]')).replace(/\D/g, ""));
    return { id: Number(attributeOf(card, "data-product-id")), name, price, inStock: textOf(card).includes("В наличии") };
  });
}

/** The number the listing says it holds ("53 монеты"). */
const count = (html: string) => Number(/^\d+/.exec(textByTestId(html, "listing-count") ?? "")?.[0]);

describe("sections", () => {
  it.each(demoCatalogSections.map((section) => [section.path, section]))(
    "/catalog/%s shows its name, breadcrumbs and exactly its coins",
    async (_path, section) => {
      const path = section.path ? `/catalog/${section.path}` : "/catalog";
      const html = await client.html(path);
      expect(h1Texts(html)).toEqual([section.title]);
      const crumbs = jsonLdBlocks(html).find((block) => block["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
      expect(crumbs.itemListElement.at(-1)!.name).toBe(section.name);
      expect(crumbs.itemListElement[0]!.name).toBe("Главная");
      const expected = sectionCoins(section.filter as Record<string, string | number>);
      expect(count(html)).toBe(expected.length);
      expect(expected.length, "every section has coins to show").toBeGreaterThan(0);
    },
  );
});

describe("listing", () => {
  it("shows 24 coins a page with pages as links, and a page past the last is a 404", async () => {
    const first = await client.html("/catalog");
    expect(cards(first)).toHaveLength(24);
    expect(first).toMatch(/<link rel="next" href="\/catalog\/page\/2"/);
    const last = await client.html("/catalog/page/3");
    expect(cards(last)).toHaveLength(demoCatalog.length - 48);
    expect(last).toMatch(/<link rel="prev" href="\/catalog\/page\/2"/);
    const ids = new Set([...cards(first), ...cards(await client.html("/catalog/page/2")), ...cards(last)].map((card) => card.id));
    expect(ids.size).toBe(demoCatalog.length);
    expect((await client.get("/catalog/page/4")).status).toBe(404);
    expect((await client.get("/catalog/gold/rf/page/2")).status).toBe(404);
  });

  it("prices every card from the current quotes, as the server computes them", async () => {
    const shown = [...cards(await client.html("/catalog")), ...cards(await client.html("/catalog/page/2")), ...cards(await client.html("/catalog/page/3"))];
    for (const card of shown) {
      const coin = demoCatalog.find((c) => c.name === card.name);
      expect(coin, card.name).toBeDefined();
      expect(card.price, card.name).toBe(expectedPrice(coin!));
    }
  });

  it("sorts by price both ways, coins in stock first", async () => {
    for (const [sort, direction] of [
      ["price-asc", 1],
      ["price-desc", -1],
    ] as const) {
      const list = cards(await client.html(`/catalog/gold?sort=${sort}`));
      const inStock = list.filter((card) => card.inStock);
      expect(list.slice(0, inStock.length)).toEqual(inStock);
      for (let i = 1; i < inStock.length; i++) expect(Math.sign(inStock[i]!.price - inStock[i - 1]!.price) * direction).toBeGreaterThanOrEqual(0);
    }
  });

  it("filters by metal, weight, price range and stock, as GET parameters without JavaScript", async () => {
    const silver = cards(await client.html("/catalog?metal=silver"));
    expect(silver.length).toBe(Math.min(24, demoCatalog.filter((c) => c.metal === "silver").length));
    expect(silver.every((card) => demoCatalog.find((c) => c.name === card.name)!.metal === "silver")).toBe(true);

    const ounce = await client.html("/catalog?weight=16-32");
    expect(count(ounce)).toBe(demoCatalog.filter((c) => c.pureGrams >= 16 && c.pureGrams < 32).length);

    const band = cards(await client.html("/catalog?price_from=50000&price_to=150000"));
    expect(band.length).toBeGreaterThan(0);
    expect(band.every((card) => card.price >= 50_000 && card.price <= 150_000)).toBe(true);
    expect(count(await client.html("/catalog?price_from=50000&price_to=150000"))).toBe(
      demoCatalog.filter((c) => expectedPrice(c) >= 50_000 && expectedPrice(c) <= 150_000).length,
    );

    const stocked = await client.html("/catalog?in_stock=1");
    expect(count(stocked)).toBe(demoCatalog.filter((c) => c.stock > 0).length);

    // A section's own filter holds: silver within the gold section finds nothing.
    expect(count(await client.html("/catalog/gold?metal=silver"))).toBe(0);
    expect(robotsMeta(stocked)).toBe("noindex");
  });

  it("ignores nonsense parameters instead of failing", async () => {
    for (const query of ["?sort=drop", "?price_from=-5&price_to=abc", "?metal=platinum", "?series=%27%3B--", "?weight=%3Cscript%3E"]) {
      const response = await client.get(`/catalog${query}`);
      expect(response.status, query).toBe(200);
      expect(count(response.text), query).toBe(demoCatalog.length);
    }
  });

  it("offers the buttons as POST forms that work without JavaScript", async () => {
    const html = await client.html("/catalog/silver");
    // Each card holds one POST form: the coin and the way back, and a button per list that
    // posts its intent there (formaction), as a browser without JavaScript sends it.
    const cards = html
      .split('data-testid="product-card"')
      .slice(1)
      .map((part) => part.slice(0, part.indexOf("</article>")));
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const [form, ...more] = tags(card, "form");
      expect(more).toEqual([]);
      expect(form).toMatch(/method="post"/);
      expect(inputValue(card, "productId")).toBe(/data-product-id="(\d+)"/.exec(card)?.[1]);
      expect(inputValue(card, "redirectTo")).toBe("/catalog/silver");
      const buttons = tags(card, "button");
      for (const action of ["/cart", "/wishlist", "/product-comparison"]) {
        const button = buttons.find((tag) => attribute(tag.toLowerCase(), "formaction") === action);
        expect(button, action).toMatch(/type="submit"/);
        expect(attribute(button!, "name"), action).toBe("intent");
      }
    }
  });
});

describe("product page", () => {
  const coin = demoCatalog.find((c) => c.slug === "georgiy-pobedonosec-50-rubley-mmd")!;

  it("shows the price, the premium over metal, the price per gram and the buy-back price", async () => {
    const html = await client.html(`/products/${coin.slug}`);
    const text = textContent(html).replace(/[\u00a0\u202f]/g, " ");
    expect(h1Texts(html)).toEqual([coin.name]);
    const price = expectedPrice(coin);
    expect(text).toContain(`${price.toLocaleString("ru-RU").replace(/[\u00a0\u202f]/g, " ")} ₽`);
    expect(text).toMatch(/Наценка к стоимости металла: \d+,\d %/);
    expect(text).toMatch(/Цена грамма чистого металла: [\d ]+,\d\d ₽/);
    expect(text).toMatch(/Выкупим у вас за [\d ]+ ₽/);
    expect(text).toContain("7,78 г (0,250 тр. унции)");
    expect(text).toContain("Монетный двор");
  });

  it("says whether the price includes VAT: investment coins that are legal tender go without it", async () => {
    const notice = async (slug: string) => textByTestId(await client.html(`/products/${slug}`), "vat-notice");
    expect(await notice(coin.slug)).toBe("НДС не облагается");
    const byCountry = (country: string, kind: string) => demoCatalog.find((c) => c.country === country && c.kind === kind)!.slug;
    // A foreign bullion coin with a face value is legal tender too; a Soviet chervonets and a proof coin are not exempt.
    expect(await notice(byCountry("Канада", "investment"))).toBe("НДС не облагается");
    expect(await notice(byCountry("СССР", "investment"))).toBe("Цена включает НДС 22 %");
    expect(await notice(demoCatalog.find((c) => c.quality === "Пруф")!.slug)).toBe("Цена включает НДС 22 %");
  });

  it("publishes Product and Offer data with the price the page shows, valid only briefly", async () => {
    const html = await client.html(`/products/${coin.slug}`, { headers: { "User-Agent": "Mozilla/5.0 (compatible; YandexBot/3.0)" } });
    const product = jsonLdBlocks(html).find((block) => block["@type"] === "Product") as {
      offers: { price: string; priceCurrency: string; priceValidUntil: string; availability: string };
    };
    const visible = Number(textByTestId(html, "price")!.replace(/\D/g, ""));
    expect(Number(product.offers.price)).toBe(visible);
    expect(product.offers.priceCurrency).toBe("RUB");
    expect(Date.parse(product.offers.priceValidUntil) - Date.now()).toBeLessThan(2 * 86_400_000);
    expect(jsonLdBlocks(html).some((block) => block["@type"] === "BreadcrumbList")).toBe(true);
    expect(html).toMatch(/<meta property="og:type" content="product"/);
  });

  it("streams similar coins after the main content; crawlers get them in the document", async () => {
    const html = await client.html(`/products/${coin.slug}`, { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
    const related = html.slice(html.indexOf('id="related"'));
    expect(cards(related).length).toBeGreaterThanOrEqual(4);
    expect(cards(related).some((card) => card.name.includes("Георгий"))).toBe(true);
  });

  it("answers 404 for an unknown coin and 'Page Not Found' for a malformed address", async () => {
    const unknown = await client.get("/products/no-such-coin");
    expect(unknown.status).toBe(404);
    expect(textContent(unknown.text)).toContain("Страница не найдена");
    const malformed = await client.get("/products/%3Cscript%3E");
    expect(malformed.status).toBe(404);
  });
});
