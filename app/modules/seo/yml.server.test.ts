import { describe, expect, it } from "vitest";
import type { ProductRow } from "../catalog/products.server.ts";
import { childElements, childText, parseXml, type XmlElement } from "../quotes/providers/xml.ts";
import { buildYmlFeed, renderYml, ymlCategories, ymlDate, ymlPictureUrl } from "./yml.server.ts";

const publicUrl = "https://shop.example";
const rates = { gold: 10_000, silver: 100 };
const now = new Date("2026-04-02T11:37:45Z");

function product(overrides: Partial<ProductRow> = {}): ProductRow {
  return {
    id: 1,
    slug: "georgiy-pobedonosec-50",
    sku: "AU-0001",
    name: "Георгий Победоносец 50 рублей (ММД)",
    metal: "gold",
    kind: "investment",
    series: "Георгий Победоносец",
    seriesSlug: "georgiy-pobedonosec",
    collection: null,
    denomination: "50 рублей",
    denominationRub: 50,
    country: "Россия",
    issuer: "Банк России",
    mint: "ММД",
    years: "2006–2022",
    fineness: 999,
    totalGrams: 7.89,
    pureGrams: 7.78,
    diameterMm: 22.6,
    quality: "АЦ",
    mintage: null,
    packaging: null,
    certificate: null,
    description: "Инвестиционная монета.",
    images: [
      { src: "products/georgiy-1.png", alt: "аверс", width: 800, height: 800 },
      { src: "products/georgiy-2.png", alt: "реверс", width: 800, height: 800 },
    ],
    stock: 5,
    maxPerOrder: null,
    lowStockThreshold: null,
    salesOpenAt: null,
    issueDate: null,
    expectedPrice: null,
    buyerCap: null,
    reviewCount: 0,
    preordersAllowed: false,
    ratingTotal: 0,
    quantityTiers: [],
    pricing: "metal",
    premiumPercent: 10,
    fixedPremium: 0,
    fixedPrice: null,
    buybackDiscountPercent: 10,
    vat: "exempt",
    vatOverride: null,
    status: "active",
    exchangeId: null,
    createdAt: now,
    updatedAt: now,
    search: "",
    ...overrides,
  };
}

const offersOf = (root: XmlElement) => childElements(childElements(childElements(root, "shop")[0]!, "offers")[0]!, "offer");
const params = (offer: XmlElement) =>
  Object.fromEntries(childElements(offer, "param").map((param) => [param.attributes.name!, { value: param.text, unit: param.attributes.unit }]));

describe("YML feed", () => {
  it("has the header, the shop, roubles and the metal/kind category tree", () => {
    const xml = renderYml(buildYmlFeed([], rates, publicUrl, now));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="2026-04-02T14:37+03:00">')).toBe(true);
    const root = parseXml(xml);
    expect(root.name).toBe("yml_catalog");
    const shop = childElements(root, "shop")[0]!;
    expect(childText(shop, "name")).toBe("Аурум");
    expect(childText(shop, "company")).toBe("ООО «Аурум Монеты»");
    expect(childText(shop, "url")).toBe(publicUrl);
    const currencies = childElements(childElements(shop, "currencies")[0]!, "currency");
    expect(currencies.map((c) => c.attributes)).toEqual([{ id: "RUB", rate: "1" }]);
    const categories = childElements(childElements(shop, "categories")[0]!, "category");
    expect(categories.map((c) => [c.attributes.id, c.attributes.parentId, c.text])).toEqual(
      ymlCategories.map((c) => [String(c.id), c.parentId === undefined ? undefined : String(c.parentId), c.name]),
    );
    expect(offersOf(root)).toEqual([]);
  });

  it("writes the date in Moscow time with its offset, RFC 3339", () => {
    expect(ymlDate(new Date("2026-12-31T21:05:00Z"))).toBe("2027-01-01T00:05+03:00");
    expect(ymlDate(new Date("2026-07-01T00:00:00Z"))).toBe("2026-07-01T03:00+03:00");
  });

  it("has one offer per product with a price: id, availability, url, price, category, pictures, params", () => {
    const rows = [
      product(),
      product({
        id: 2,
        sku: "AG-0002",
        slug: "sobol",
        name: "Соболь 3 рубля",
        metal: "silver",
        kind: "commemorative",
        stock: 0,
        pureGrams: 31.1,
        fineness: 925,
        country: "Россия",
      }),
      product({ id: 3, sku: "AG-0003", slug: "fixed", metal: "silver", kind: "investment", pricing: "fixed", fixedPrice: 4500 }),
      product({ id: 4, sku: "AU-0004", slug: "fixed-gold", kind: "commemorative", pricing: "fixed", fixedPrice: 99_999.5, images: [] }),
    ];
    const offers = offersOf(parseXml(renderYml(buildYmlFeed(rows, rates, publicUrl, now))));
    expect(offers.map((offer) => offer.attributes)).toEqual([
      { id: "AU-0001", available: "true" },
      { id: "AG-0002", available: "false" },
      { id: "AG-0003", available: "true" },
      { id: "AU-0004", available: "true" },
    ]);
    const [first, second, third, fourth] = offers as [XmlElement, XmlElement, XmlElement, XmlElement];
    expect(childText(first, "url")).toBe(`${publicUrl}/products/georgiy-pobedonosec-50`);
    // 7.78 g × 10 000 ₽ × 1.1, rounded up to whole roubles.
    expect(childText(first, "price")).toBe("85580");
    expect(childText(first, "currencyId")).toBe("RUB");
    expect(childText(first, "categoryId")).toBe("3");
    expect(childElements(first, "picture").map((p) => p.text)).toEqual([
      `${publicUrl}/_ipx/f_jpeg,w_800/products/georgiy-1.png`,
      `${publicUrl}/_ipx/f_jpeg,w_800/products/georgiy-2.png`,
    ]);
    expect(childText(first, "name")).toBe("Георгий Победоносец 50 рублей (ММД)");
    expect(childText(first, "vendor")).toBe("Банк России");
    expect(childText(first, "description")).toBe("Инвестиционная монета.");
    expect(childText(first, "count")).toBe("5");
    expect(params(first)).toEqual({
      Металл: { value: "Золото", unit: undefined },
      Проба: { value: "999", unit: undefined },
      "Вес чистого металла": { value: "7,78", unit: "г" },
      Страна: { value: "Россия", unit: undefined },
    });
    expect(childText(second, "categoryId")).toBe("6");
    expect(params(second).Металл!.value).toBe("Серебро");
    expect(params(second)["Вес чистого металла"]!.value).toBe("31,1");
    expect(params(second).Проба!.value).toBe("925");
    expect(childText(third, "categoryId")).toBe("5");
    expect(childText(third, "price")).toBe("4500");
    expect(childText(fourth, "categoryId")).toBe("4");
    expect(childText(fourth, "price")).toBe("100000");
    expect(childElements(fourth, "picture")).toEqual([]);
  });

  it("leaves out coins without a price: metal-priced ones while there are no quotes", () => {
    const rows = [product(), product({ id: 3, sku: "AG-0003", slug: "fixed", pricing: "fixed", fixedPrice: 4500 })];
    const offers = offersOf(parseXml(renderYml(buildYmlFeed(rows, null, publicUrl, now))));
    expect(offers.map((offer) => offer.attributes.id)).toEqual(["AG-0003"]);
  });

  it("escapes markup, quotes and ampersands and drops characters XML forbids", () => {
    const tricky = product({
      sku: `A&B"<1>'`,
      slug: "a-b",
      name: `Монета «Tom & Jerry» <b>"1 oz"</b> 'x' \u0001`,
      issuer: "Банк & Co",
      country: `<Страна "X">`,
      description: "Описание ]]> <script>alert('x')</script> &amp; \uD800 конец",
    });
    const xml = renderYml(buildYmlFeed([tricky], rates, `${publicUrl}`, now));
    expect(xml).not.toContain("<b>");
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("\u0001");
    expect(xml).toContain("Tom &amp; Jerry» &lt;b&gt;&quot;1 oz&quot;&lt;/b&gt; &apos;x&apos;");
    expect(xml).toContain("&amp;amp;");
    const [offer] = offersOf(parseXml(xml));
    expect(offer!.attributes.id).toBe(`A&B"<1>'`);
    expect(childText(offer!, "name")).toBe(`Монета «Tom & Jerry» <b>"1 oz"</b> 'x'`);
    expect(childText(offer!, "vendor")).toBe("Банк & Co");
    expect(childText(offer!, "description")).toBe("Описание ]]> <script>alert('x')</script> &amp;  конец");
    expect(params(offer!).Страна!.value).toBe(`<Страна "X">`);
  });

  it("builds picture addresses through the image proxy, absolute and encoded", () => {
    expect(ymlPictureUrl(publicUrl, "/products/x-1.png")).toBe(`${publicUrl}/_ipx/f_jpeg,w_800/products/x-1.png`);
    expect(ymlPictureUrl(publicUrl, "products/монета 1.png")).toBe(`${publicUrl}/_ipx/f_jpeg,w_800/products/%D0%BC%D0%BE%D0%BD%D0%B5%D1%82%D0%B0%201.png`);
  });
});
