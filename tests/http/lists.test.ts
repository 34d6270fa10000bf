// Cart, wishlist and comparison through the /api contract of spec section 7 and as plain
// POST forms without JavaScript: validation, same-origin protection, and the buyer's
// lists kept by the uuid cookie.
import { describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { attribute, findByTestId, textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

const shop = runningShop();

/** Product ids follow the demo catalogue's order. */
const idOf = (slug: string) => demoCatalog.findIndex((coin) => coin.slug === slug) + 1;
const georgiy = idOf("georgiy-pobedonosec-50-rubley-mmd");
const silver = idOf("georgiy-pobedonosec-3-rublya-serebro");
const soldOut = demoCatalog.findIndex((coin) => coin.stock === 0) + 1;
const stockOf = (id: number) => demoCatalog[id - 1]!.stock;

/** A browser-like client on the shop: same-origin requests carry Origin, as browsers send it. */
async function visitor() {
  const client = shop.client();
  await client.get("/");
  return client;
}

function api(client: ShopClient, method: string, path: string, body?: unknown, origin: string | null = shop.url) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  // null: no Origin at all (the client otherwise sends the shop's, as a browser does).
  headers.Origin = origin ?? "";
  return client.request(method, path, body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body), { headers });
}

const json = (response: { text: string }) => JSON.parse(response.text);

describe("/api/cart", () => {
  it("starts empty and answers the spec's shape", async () => {
    const client = await visitor();
    expect(json(await client.get("/api/cart"))).toEqual({ data: { order: { coins: [], totalPrice: 0 }, totalCoins: 0 } });
  });

  it("sets quantities with PATCH, totals on the server, removes with DELETE", async () => {
    const client = await visitor();
    const first = json(await api(client, "PATCH", `/api/cart/${georgiy}`, { quantity: 2 }));
    expect(first.data.order.coins).toEqual([{ id: georgiy, count: 2 }]);
    const second = json(await api(client, "PATCH", `/api/cart/${silver}`, { quantity: 3 }));
    expect(second.data.totalCoins).toBe(5);
    const cardPrices = await Promise.all(
      [georgiy, silver].map(async (id) => {
        const html = await client.html(`/products/${demoCatalog[id - 1]!.slug}`);
        return Number(textContent(/data-testid="price">([^<]*)</.exec(html)![1]!).replace(/\D/g, ""));
      }),
    );
    expect(second.data.order.totalPrice).toBe(cardPrices[0]! * 2 + cardPrices[1]! * 3);

    const removed = json(await api(client, "DELETE", "/api/cart", { productIds: [silver] }));
    expect(removed.data.order.coins).toEqual([{ id: georgiy, count: 2 }]);
  });

  it.each([
    [{ quantity: 1.5 }, 400, "Количество должно быть целым числом"],
    [{ quantity: "два" }, 400, "Количество должно быть целым числом"],
    [{ quantity: 0 }, 400, "Количество должно быть не меньше 1"],
    [{ quantity: -3 }, 400, "Количество должно быть не меньше 1"],
    [{}, 400, "Передайте quantity: количество монет"],
    ["{not json", 400, "Тело запроса должно быть в формате JSON"],
  ])("refuses %j with %i and a Russian message", async (body, status, message) => {
    const client = await visitor();
    const response = await api(client, "PATCH", `/api/cart/${georgiy}`, body);
    expect(response.status).toBe(status);
    expect(json(response)).toEqual({ error: { code: expect.any(String), message } });
    expect(json(await client.get("/api/cart")).data.totalCoins).toBe(0);
  });

  it("refuses more than the stock, an unknown product, a bad id, a sold-out coin", async () => {
    const client = await visitor();
    const tooMany = await api(client, "PATCH", `/api/cart/${georgiy}`, { quantity: stockOf(georgiy) + 1 });
    expect(tooMany.status).toBe(409);
    expect(json(tooMany).error.message).toBe(`Доступно только ${stockOf(georgiy)} шт.`);
    const unknown = await api(client, "PATCH", "/api/cart/99999", { quantity: 1 });
    expect(unknown.status).toBe(404);
    expect(json(unknown).error.message).toBe("Товар не найден");
    for (const bad of ["abc", "0", "-1", "1.5", "1e3"]) {
      const response = await api(client, "PATCH", `/api/cart/${bad}`, { quantity: 1 });
      expect(response.status, bad).toBe(400);
      expect(json(response).error.message).toBe("Неверный идентификатор товара");
    }
    const gone = await api(client, "PATCH", `/api/cart/${soldOut}`, { quantity: 1 });
    expect(gone.status).toBe(409);
    expect(json(gone).error.message).toBe("Товар закончился");
    const huge = await api(client, "DELETE", "/api/cart", JSON.stringify({ productIds: Array(20_000).fill(1) }));
    expect(huge.status).toBe(413);
    expect(json(await client.get("/api/cart")).data.totalCoins).toBe(0);
  });

  it("refuses every change from another site, the spec's GET /api/cart/clear included", async () => {
    const client = await visitor();
    await api(client, "PATCH", `/api/cart/${georgiy}`, { quantity: 1 });
    const attempts = [
      api(client, "PATCH", `/api/cart/${georgiy}`, { quantity: 3 }, "https://evil.example"),
      api(client, "DELETE", "/api/cart", { productIds: [georgiy] }, "https://evil.example"),
      api(client, "POST", `/api/wishlist/${georgiy}`, undefined, null),
      client.get("/api/cart/clear", { headers: { "Sec-Fetch-Site": "cross-site" } }),
      client.get("/api/cart/clear"),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(json(response).error.code).toBe("cross_site");
    }
    expect(json(await client.get("/api/cart")).data.order.coins).toEqual([{ id: georgiy, count: 1 }]);
    expect(json(await client.get("/api/wishlist")).data).toEqual([]);
    // From the shop's own page the spec's GET clear works.
    const cleared = await client.get("/api/cart/clear", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(json(cleared).data.totalCoins).toBe(0);
  });

  // Found by the hostile-input suite: a HEAD ran the GET's loader and emptied the cart; so did an OPTIONS.
  it("never clears the cart on a HEAD or an OPTIONS, even from the shop's own page", async () => {
    const client = await visitor();
    await api(client, "PATCH", `/api/cart/${georgiy}`, { quantity: 1 });
    const head = await client.head("/api/cart/clear", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(head.status).toBe(405);
    expect(head.headers.get("allow")).toBe("GET, POST");
    const options = await client.request("OPTIONS", "/api/cart/clear", undefined, { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(options.status).toBe(204);
    expect(options.text).toBe("");
    expect(options.headers.get("access-control-allow-origin")).toBeNull();
    expect(json(await client.get("/api/cart")).data.order.coins).toEqual([{ id: georgiy, count: 1 }]);
  });

  it("answers a wrong method with a JSON 405", async () => {
    const client = await visitor();
    const response = await api(client, "PUT", "/api/cart", {});
    expect(response.status).toBe(405);
    expect(json(response).error.code).toBe("method_not_allowed");
  });
});

describe.each(["wishlist", "compare"] as const)("/api/%s", (list) => {
  it("adds, lists, removes and clears with POST", async () => {
    const client = await visitor();
    expect(json(await api(client, "POST", `/api/${list}/${georgiy}`)).data).toEqual([{ id: georgiy }]);
    expect(json(await api(client, "POST", `/api/${list}/${georgiy}`)).data).toEqual([{ id: georgiy }]);
    await api(client, "POST", `/api/${list}/${silver}`);
    expect(json(await client.get(`/api/${list}`)).data).toEqual([{ id: georgiy }, { id: silver }]);
    expect(json(await api(client, "DELETE", `/api/${list}/${georgiy}`)).data).toEqual([{ id: silver }]);
    expect((await client.get(`/api/${list}/clear`)).status).toBe(405);
    expect(json(await api(client, "POST", `/api/${list}/clear`)).data).toEqual([]);
    expect((await api(client, "POST", `/api/${list}/99999`)).status).toBe(404);
  });
});

it("limits the comparison to ten coins with a clear message", async () => {
  const client = await visitor();
  for (let id = 1; id <= 10; id++) expect((await api(client, "POST", `/api/compare/${id}`)).status).toBe(200);
  const eleventh = await api(client, "POST", "/api/compare/11");
  expect(eleventh.status).toBe(409);
  expect(json(eleventh).error.message).toBe("Сравнивать можно не больше 10 монет: уберите одну из списка");
});

describe("without JavaScript", () => {
  it("goes from a product to the cart, changes the quantity and removes the coin, each time by redirect with a notice", async () => {
    const client = await visitor();
    const slug = demoCatalog[georgiy - 1]!.slug;
    const added = await client.postForm("/cart", { intent: "add", productId: String(georgiy), quantity: "1", redirectTo: `/products/${slug}` });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(`/products/${slug}`);
    const product = await client.html(`/products/${slug}`);
    expect(textContent(findByTestId(product, "flash").length ? product : "")).toContain("Добавлено в корзину");
    expect(findByTestId(product, "count-badge").length).toBe(1);

    let cart = await client.html("/cart");
    expect(attribute(findByTestId(cart, "line-quantity")[0]!, "value")).toBe("1");
    const more = await client.postForm("/cart", { intent: "set", productId: String(georgiy), quantity: "3" });
    expect(more.headers.get("location")).toBe("/cart");
    cart = await client.html("/cart");
    expect(attribute(findByTestId(cart, "line-quantity")[0]!, "value")).toBe("3");
    expect(textContent(cart)).toContain("Количество: 3 шт.");

    const capped = await client.postForm("/cart", { intent: "add", productId: String(georgiy), quantity: "500" });
    expect(capped.status).toBe(303);
    expect(textContent(await client.html("/cart"))).toContain(`Доступно только ${stockOf(georgiy)} шт.: в корзине ${stockOf(georgiy)} шт.`);

    await client.postForm("/cart", { intent: "remove", productId: String(georgiy) });
    cart = await client.html("/cart");
    expect(textContent(cart)).toContain("Убрано из корзины");
    expect(textContent(cart)).toContain("В корзине пока ничего нет");
  });

  it("'Очистить корзину' asks first: 'Да, очистить' empties the cart, 'Отмена' keeps it (no JS)", async () => {
    const client = await visitor();
    await client.postForm("/cart", { intent: "add", productId: String(georgiy), quantity: "2" });
    await client.postForm("/cart", { intent: "add", productId: String(silver) });

    // The first press changes nothing: it leads to the cart page asking the question.
    const asked = await client.postForm("/cart", { intent: "clear" });
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe("/cart?confirm=clear#clear-cart");
    expect(json(await client.get("/api/cart")).data.totalCoins).toBe(3);
    const question = await client.html("/cart?confirm=clear");
    expect(findByTestId(question, "clear-cart-confirm")).toHaveLength(1);
    expect(textContent(question)).toContain("Очистить корзину? Все монеты (3 шт.) будут убраны.");
    expect(question).toMatch(/<input type="hidden" name="confirm" value="yes"\/>/);
    expect(textContent(question)).toMatch(/Да, очистить.*Отмена/);
    expect(question).toMatch(/<a [^>]*href="\/cart"[^>]*>Отмена<\/a>/);
    // 'Отмена' is the cart page without the question; the coins are all there.
    const cancelled = await client.html("/cart");
    expect(findByTestId(cancelled, "clear-cart-confirm")).toHaveLength(0);
    expect(findByTestId(cancelled, "cart-line")).toHaveLength(2);

    const cleared = await client.postForm("/cart", { intent: "clear", confirm: "yes" });
    expect(cleared.status).toBe(303);
    const after = textContent(await client.html("/cart"));
    expect(after).toContain("Корзина очищена");
    expect(after).toContain("В корзине пока ничего нет");
    expect(json(await client.get("/api/cart")).data.totalCoins).toBe(0);
  });

  it("shows a refusal as a notice, never a 500", async () => {
    const client = await visitor();
    const attempts: Record<string, string>[] = [
      { intent: "add", productId: String(soldOut) },
      { intent: "add", productId: "abc" },
      { intent: "set", productId: String(georgiy), quantity: "-1" },
      { intent: "explode", productId: String(georgiy) },
    ];
    for (const fields of attempts) {
      const response = await client.postForm("/cart", fields);
      expect(response.status).toBe(303);
      expect(findByTestId(await client.html("/cart"), "flash")).toHaveLength(1);
    }
    expect(json(await client.get("/api/cart")).data.totalCoins).toBe(0);
  });

  it("keeps wishlist and comparison, and shows the differences side by side", async () => {
    const client = await visitor();
    await client.postForm("/wishlist", { intent: "add", productId: String(silver) });
    expect(textContent(await client.html("/wishlist"))).toContain(demoCatalog[silver - 1]!.name);
    await client.postForm("/product-comparison", { intent: "add", productId: String(georgiy) });
    await client.postForm("/product-comparison", { intent: "add", productId: String(idOf("georgiy-pobedonosec-50-rubley-spmd")) });
    const comparison = await client.html("/product-comparison");
    expect(comparison).toMatch(/<tr[^>]*data-differs="true"[^>]*><th scope="row">Монетный двор/);
    expect(comparison).not.toMatch(/data-differs="true"[^>]*><th scope="row">Проба/);
    await client.postForm("/product-comparison", { intent: "clear" });
    expect(textContent(await client.html("/product-comparison"))).toContain("Добавьте монеты к сравнению");
  });
});

describe("the uuid cookie", () => {
  it("keeps a visitor's lists across requests, and apart from another visitor's", async () => {
    const one = await visitor();
    const two = await visitor();
    await api(one, "PATCH", `/api/cart/${georgiy}`, { quantity: 2 });
    await api(one, "POST", `/api/wishlist/${silver}`);
    expect(json(await one.get("/api/cart")).data.totalCoins).toBe(2);
    expect(json(await one.get("/api/wishlist")).data).toEqual([{ id: silver }]);
    expect(json(await two.get("/api/cart")).data.totalCoins).toBe(0);
    expect(json(await two.get("/api/wishlist")).data).toEqual([]);
    // A client without the cookie is a new visitor with empty lists.
    const fresh = shop.client();
    expect(json(await fresh.get("/api/cart")).data.totalCoins).toBe(0);
  });
});
