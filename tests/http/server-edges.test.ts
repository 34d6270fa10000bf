// What server.ts answers itself, before the app: forms behind an HTTPS reverse proxy, and a
// form posted from another site, with a Russian page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { h1Texts } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { type Shop, startShop } from "#tests/support/server.ts";

let shop: Shop;
let host: string;
const coin = String(demoCatalog.findIndex((item) => item.stock > 0) + 1);

beforeAll(async () => {
  shop = await startShop({ env: { TRUST_PROXY: "true" } });
  host = new URL(shop.url).host;
});
afterAll(() => shop?.stop());

async function addToCart(client: ShopClient, headers: Record<string, string>) {
  return client.request("POST", "/cart", new URLSearchParams({ intent: "add", productId: coin }), { headers });
}

describe("behind an HTTPS reverse proxy (TRUST_PROXY=true)", () => {
  // React Router refuses an action whose Origin differs from the request's: before, the
  // request was always http:// here, and every form posted through an HTTPS proxy got 400.
  it("a form posted from the shop's https:// page works when the proxy says X-Forwarded-Proto: https", async () => {
    const client = new ShopClient(shop.url);
    const added = await addToCart(client, { Origin: `https://${host}`, "X-Forwarded-Proto": "https" });
    expect(added.status).toBe(303);
    expect(JSON.parse((await client.get("/api/cart")).text).data.totalCoins).toBe(1);
  });

  it("without the proxy's word the https:// origin is another site's", async () => {
    const refused = await addToCart(new ShopClient(shop.url), { Origin: `https://${host}` });
    expect(refused.status).toBe(403);
  });
});

describe("a form posted from another site", () => {
  it.each(["https://evil.example", "null", `http://${host}.evil.example`])("Origin %s: 403 with a Russian page, and nothing added", async (origin) => {
    const client = new ShopClient(shop.url);
    const refused = await addToCart(client, { Origin: origin });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(h1Texts(refused.text)).toEqual(["Запрос отклонён"]);
    expect(JSON.parse((await client.get("/api/cart")).text).data.totalCoins).toBe(0);
  });

  it("a form from the shop's own page (or without Origin, as old browsers send it) goes through", async () => {
    expect((await addToCart(new ShopClient(shop.url), { Origin: shop.url })).status).toBe(303);
    expect((await addToCart(new ShopClient(shop.url), {})).status).toBe(303);
  });
});
