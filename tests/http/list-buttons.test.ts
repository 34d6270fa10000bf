// The wishlist, comparison and cart buttons as a buyer without JavaScript meets them: each
// says whether the coin is already there and the same button takes it out;
// cards and product pages say 'В корзине: N шт.'; and a list keeps its limit
// when a client races it (run with DATABASE_URL for PostgreSQL).
import { describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { textByTestId } from "#tests/support/html.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

const shop = runningShop();

const slugOf = (id: number) => demoCatalog[id - 1]!.slug;
const inStock = demoCatalog.flatMap((coin, index) => (coin.stock > 0 ? [index + 1] : []));

async function browser() {
  const client = shop.client({ headers: { Origin: shop.url } });
  await client.get("/");
  return client;
}

/**
 * The toggle of a list for a product on a page: its button tag, the intent it posts (its own
 * name and value) and where (its formaction: the card's buttons share one form).
 */
function toggleOf(html: string, list: "wishlist" | "compare") {
  const button = html.match(new RegExp(`<button[^>]*data-testid="${list}-toggle"[^>]*>`))?.[0] ?? "";
  const intent = /name="intent"/.test(button) ? /\svalue="(\w+)"/.exec(button)?.[1] : undefined;
  const action = /\sformaction="([^"]*)"/i.exec(button)?.[1];
  return { button, intent, action };
}

describe("the list buttons without JavaScript", () => {
  it("show that a coin is in the wishlist or comparison, and the same button takes it out", async () => {
    const client = await browser();
    const id = inStock[0]!;
    const page = `/products/${slugOf(id)}`;
    for (const [list, action, on] of [
      ["wishlist", "/wishlist", "В избранном"],
      ["compare", "/product-comparison", "В сравнении"],
    ] as const) {
      const before = toggleOf(await client.html(page), list);
      expect(before.button).toContain('aria-pressed="false"');
      expect(before.intent).toBe("add");
      expect(before.action).toBe(action);
      expect((await client.postForm(action, { intent: before.intent!, productId: String(id), redirectTo: page })).headers.get("location")).toBe(page);

      const after = toggleOf(await client.html(page), list);
      expect(after.button).toContain('aria-pressed="true"');
      expect(after.button).toContain(`title="${on}"`);
      expect(after.intent).toBe("remove");
      // The card (on /wishlist) says the same.
      if (list === "wishlist") expect(toggleOf(await client.html("/wishlist"), list).button).toContain('aria-pressed="true"');
      await client.postForm(action, { intent: after.intent!, productId: String(id), redirectTo: page });
      const removed = toggleOf(await client.html(page), list);
      expect(removed.button).toContain('aria-pressed="false"');
      expect(removed.intent).toBe("add");
    }
  });

  it("says how many of a coin are in the cart on its card and its page", async () => {
    const client = await browser();
    const id = inStock[1]!;
    const page = `/products/${slugOf(id)}`;
    expect(textByTestId(await client.html(page), "in-cart")).toBe("");
    await client.postForm("/cart", { intent: "add", productId: String(id), quantity: "2", redirectTo: page });
    expect(textByTestId(await client.html(page), "in-cart")).toBe("В корзине: 2 шт.");
    await client.postForm("/wishlist", { intent: "add", productId: String(id), redirectTo: page });
    expect(textByTestId(await client.html("/wishlist"), "in-cart")).toBe("В корзине: 2 шт.");
  });
});

describe("a list form posted wrong", () => {
  it("is refused with the reason on the page it came from, and nothing changes", async () => {
    const client = await browser();
    const id = inStock[2]!;
    const page = `/products/${slugOf(id)}`;
    const refusals: Array<[string, Record<string, string>, string]> = [
      ["/cart", { intent: "buy-everything", productId: String(id) }, "Неизвестное действие"],
      ["/cart", { intent: "add", productId: "12abc" }, "Неверный идентификатор товара"],
      ["/cart", { intent: "add" }, "Неверный идентификатор товара"],
      // An emptied quantity field is refused, not read as the default of one.
      ["/cart", { intent: "add", productId: String(id), quantity: "" }, "Количество должно быть целым числом"],
      ["/cart", { intent: "set", productId: String(id), quantity: "0x10" }, "Количество должно быть целым числом"],
      ["/wishlist", { intent: "set", productId: String(id), quantity: "2" }, "Неизвестное действие"],
    ];
    for (const [action, fields, reason] of refusals) {
      const response = await client.postForm(action, { ...fields, redirectTo: page });
      expect(response.headers.get("location"), `${action} ${JSON.stringify(fields)}`).toBe(page);
      expect(textByTestId(await client.html(page), "flash"), `${action} ${JSON.stringify(fields)}`).toBe(reason);
    }
    expect(textByTestId(await client.html(page), "in-cart")).toBe("");
    expect(JSON.parse((await client.get("/api/wishlist")).text)).toMatchObject({ data: [] });

    // Without a quantity the card's button puts one piece in.
    await client.postForm("/cart", { intent: "add", productId: String(id), redirectTo: page });
    expect(textByTestId(await client.html(page), "in-cart")).toBe("В корзине: 1 шт.");
  });
});

describe("list limits under a race", () => {
  it("holds exactly ten coins in the comparison after 40 parallel additions", async () => {
    const client = await browser();
    const ids = demoCatalog.slice(0, 40).map((_, index) => index + 1);
    expect(ids).toHaveLength(40);
    // The first addition gives the visitor its cookie (a GET gives none: decision 025), the other 39 race.
    const first = await client.request("POST", `/api/compare/${ids[0]}`, "", { headers: { "Content-Type": "application/json" } });
    const raced = await Promise.all(
      ids
        .slice(1)
        .map((id) => client.request("POST", `/api/compare/${id}`, "", { headers: { "Content-Type": "application/json" } }).then((response) => response.status)),
    );
    const answers = [first.status, ...raced];
    const listed = JSON.parse((await client.get("/api/compare")).text) as { data: { id: number }[] };
    expect(listed.data).toHaveLength(10);
    expect(answers.filter((status) => status === 200)).toHaveLength(10);
    expect(answers.filter((status) => status !== 200).every((status) => status === 409)).toBe(true);
  });
});
