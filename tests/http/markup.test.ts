// The shop's markup as an independent validator reads it (html-validate, recommended rules;
// tests/support/html-validation.ts): the pages of a buyer's way through the shop, a cart with
// a coin in it included, have no findings (duplicate ids on the coin page, an aria-label on a
// plain div in the cart and two landmarks of one name on /quotes-online were found before).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { markupFindings } from "#tests/support/html-validation.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { type Shop, startShop } from "#tests/support/server.ts";

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.stop());

const coinIndex = demoCatalog.findIndex((coin) => coin.stock > 0);
const coinPage = `/products/${demoCatalog[coinIndex]!.slug}`;

describe("markup", () => {
  it("is valid on the pages of a buyer's way, with a coin in the cart", async () => {
    const client = new ShopClient(shop.url, { headers: { Origin: shop.url } });
    await client.get("/");
    await client.postForm("/cart", { intent: "add", productId: String(coinIndex + 1), quantity: "1", redirectTo: coinPage });
    const findings: string[] = [];
    for (const page of ["/", "/catalog", "/catalog/silver", coinPage, "/cart", "/quotes-online", "/contacts", "/news", "/login", "/search?q=монета"]) {
      findings.push(...markupFindings(await client.html(page), page).map((finding) => `${page}: ${finding}`));
    }
    expect(findings).toEqual([]);
  });
});
