// /yml.xml, the Yandex Market Language feed, from the built server: headers, a well-formed
// document, one offer per active coin at the price the shop shows, pictures that load.
import { beforeAll, describe, expect, it } from "vitest";
import { childElements, childText, parseXml, type XmlElement } from "#app/modules/quotes/providers/xml.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { sharedShop } from "#tests/support/shared-shop.ts";

const publicUrl = "https://shop.example";

// Every block here only reads: one shop for the file.
const shared = sharedShop({ env: { PUBLIC_URL: publicUrl } });
let client: ShopClient;
let xml: string;
let offers: XmlElement[];

beforeAll(() => {
  client = new ShopClient(shared.current.url);
});

describe("/yml.xml", () => {
  it("answers XML in UTF-8, cached publicly for an hour", async () => {
    const response = await client.get("/yml.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=3600(,|$)/);
    xml = response.text;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="')).toBe(true);
  });

  it("is a well-formed catalogue dated now in Moscow time, with the shop, roubles and categories", () => {
    const root = parseXml(xml);
    expect(root.name).toBe("yml_catalog");
    const date = root.attributes.date!;
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}\+03:00$/);
    expect(Math.abs(Date.parse(date.replace("+03:00", ":00+03:00")) - Date.now())).toBeLessThan(5 * 60_000);
    const shopElement = childElements(root, "shop")[0]!;
    expect(childText(shopElement, "name")).toBe("Аурум");
    expect(childText(shopElement, "company")).toBe("ООО «Аурум Монеты»");
    expect(childText(shopElement, "url")).toBe(publicUrl);
    expect(childElements(childElements(shopElement, "currencies")[0]!, "currency")[0]!.attributes).toEqual({ id: "RUB", rate: "1" });
    const categories = childElements(childElements(shopElement, "categories")[0]!, "category");
    expect(categories.map((c) => c.attributes.id)).toEqual(["1", "2", "3", "4", "5", "6"]);
    offers = childElements(childElements(shopElement, "offers")[0]!, "offer");
  });

  it("has one offer per active demo coin, SKU as id, availability from the stock", () => {
    expect(offers).toHaveLength(53);
    const ids = offers.map((offer) => offer.attributes.id);
    expect(new Set(ids).size).toBe(53);
    expect(ids).toContain("AU-0001");
    const byId = new Map(offers.map((offer) => [offer.attributes.id!, offer]));
    // Two demo coins are sold out.
    expect(byId.get("AG-0030")!.attributes.available).toBe("false");
    expect(byId.get("AG-0043")!.attributes.available).toBe("false");
    expect(byId.get("AU-0001")!.attributes.available).toBe("true");
    for (const offer of offers) {
      expect(childText(offer, "url")).toMatch(new RegExp(`^${publicUrl}/products/[a-z0-9-]+$`));
      expect(childText(offer, "price")).toMatch(/^\d+(\.\d+)?$/);
      expect(childText(offer, "currencyId")).toBe("RUB");
      expect(["3", "4", "5", "6"]).toContain(childText(offer, "categoryId"));
      expect(childText(offer, "name")).toBeTruthy();
      expect(childText(offer, "vendor")).toBeTruthy();
      expect(childElements(offer, "param").map((param) => param.attributes.name)).toEqual(["Металл", "Проба", "Вес чистого металла", "Страна"]);
    }
  });

  it("offers the price the search page shows, and coin pages that open", async () => {
    const offer = offers.find((o) => o.attributes.id === "AU-0036")!;
    const html = await client.html("/search?q=%D0%BA%D1%80%D1%8E%D0%B3%D0%B5%D1%80%D1%80%D0%B0%D0%BD%D0%B4");
    const shown = /data-testid="price"[^>]*>([^<]+)</.exec(html)![1]!.replace(/[^\d]/g, "");
    expect(childText(offer, "price")).toBe(shown);
    const page = await client.get(childText(offer, "url")!.slice(publicUrl.length));
    expect(page.status).toBe(200);
  });

  it("points to 800 px JPEG pictures through the image proxy that load", async () => {
    const offer = offers.find((o) => o.attributes.id === "AU-0001")!;
    const pictures = childElements(offer, "picture").map((picture) => picture.text);
    expect(pictures).toHaveLength(2);
    expect(pictures[0]).toMatch(new RegExp(`^${publicUrl}/_ipx/f_jpeg,w_800/products/[a-z0-9-]+-1\\.png$`));
    const response = await client.get(pictures[0]!.slice(publicUrl.length));
    // The pictures are drawn at start; the server's log says why when one is missing.
    expect(response.status, shared.current.output()).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
  });

  it("matches the sitemap: every offer's page is listed there", async () => {
    const sitemap = (await client.get("/sitemap.xml")).text;
    const locations = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!));
    for (const offer of offers) expect(locations, childText(offer, "url")).toContain(childText(offer, "url"));
    expect(sitemap).toMatch(/<url><loc>https:\/\/shop\.example\/products\/[a-z0-9-]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/);
  });
});
