// The shop's markup as an independent validator reads it (html-validate, recommended rules;
// tests/support/html-validation.ts): the pages of a buyer's way through the shop, a cart with
// a coin in it included, have no findings (duplicate ids on the coin page, an aria-label on a
// plain div in the cart and two landmarks of one name on /quotes-online were found before).
import { describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { markupFindings, pageShape } from "#tests/support/html-validation.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

const shop = runningShop();

const coinIndex = demoCatalog.findIndex((coin) => coin.stock > 0);
const coinPage = `/products/${demoCatalog[coinIndex]!.slug}`;

describe("markup", () => {
  it("is valid on the pages of a buyer's way, with a coin in the cart", async () => {
    const client = shop.client({ headers: { Origin: shop.url } });
    await client.get("/");
    await client.postForm("/cart", { intent: "add", productId: String(coinIndex + 1), quantity: "1", redirectTo: coinPage });
    const findings: string[] = [];
    for (const page of ["/", "/catalog", "/catalog/silver", coinPage, "/cart", "/quotes-online", "/contacts", "/news", "/login", "/search?q=монета"]) {
      findings.push(...markupFindings(await client.html(page), page).map((finding) => `${page}: ${finding}`));
    }
    expect(findings).toEqual([]);
  });
});

describe("the HTTP client of every suite", () => {
  const page = (body: string) => `<!DOCTYPE html><html lang="ru"><head><title>Заказ</title></head><body><main>${body}</main></body></html>`;

  it("fails a request whose page has invalid markup, naming what the validator found", async () => {
    const site = await startFakeHttpServer((request) => ({
      contentType: "text/html; charset=utf-8",
      body: request.path === "/orders/1" ? page('<table><tbody><tr><td align="right">1</td></tr></tbody></table>') : page("<p>Заказ</p>"),
    }));
    try {
      const client = new ShopClient(site.baseUrl);
      await expect(client.get("/orders/2")).resolves.toMatchObject({ status: 200 });
      await expect(client.get("/orders/1")).rejects.toThrow(
        /GET \/orders\/1 \(200\): the markup is invalid \(html-validate\):\n {2}no-deprecated-attr: Attribute "align" is deprecated on <td> element/,
      );
    } finally {
      await site.close();
    }
  });

  it("validates each shape of page once: the same elements with other words or more rows are the same shape, a new element is not", () => {
    const shape = (url: string, body: string, status = 200) => pageShape("GET", `http://shop${url}`, status, page(body));
    const order = shape("/admin/orders/2026-000001", "<ul><li>Монета</li></ul>");
    expect(shape("/admin/orders/2026-000002", "<ul><li>Другая</li><li>И ещё</li></ul>")).toBe(order);
    expect(shape("/admin/orders/2026-000002", '<ul><li>Монета</li></ul><p role="alert">Ошибка</p>')).not.toBe(order);
    expect(shape("/admin/orders/2026-000001", "<ul><li>Монета</li></ul>", 404)).not.toBe(order);
    expect(shape("/admin/staff", "<ul><li>Монета</li></ul>")).not.toBe(order);
  });
});
