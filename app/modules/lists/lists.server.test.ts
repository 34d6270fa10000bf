import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { products } from "../db/schema.ts";
import {
  addToCart,
  addToList,
  cappedMessage,
  clearAllLists,
  listCounts,
  listEntries,
  ListError,
  mergeLists,
  parseQuantity,
  setCartQuantity,
} from "./lists.server.ts";
import { cartSummary } from "./summary.server.ts";

const rates = { gold: 11_000, silver: 150 };

const database = withTempDatabase("lists-test", async ({ db }) => {
  await productsSeeder.run(db);
  // Product 1 has 5 in stock for these tests.
  await db.update(products).set({ stock: 5 }).where(eq(products.id, 1));
});

describe("parseQuantity", () => {
  it("accepts whole numbers from 1, as numbers or digits", () => {
    expect(parseQuantity(3)).toBe(3);
    expect(parseQuantity(" 7 ")).toBe(7);
  });
  it.each([0, -1, 1.5, "1.5", "abc", "", null, [], {}, Number.NaN, Infinity, "0x10", "1e3", "0b11", "0o7", "1_000", "٣", "Infinity"])("refuses %j", (value) => {
    expect(() => parseQuantity(value)).toThrow(ListError);
  });
});

describe("cart", () => {
  it("caps an addition at the stock and says so", async () => {
    const owner = "visitor:cap" as const;
    expect(await addToCart(database.handle.db, owner, 1, 3)).toEqual({ quantity: 3, capped: false, stock: 5, limit: 50, buyerCap: null });
    expect(await addToCart(database.handle.db, owner, 1, 3)).toEqual({ quantity: 5, capped: true, stock: 5, limit: 50, buyerCap: null });
    await expect(setCartQuantity(database.handle.db, owner, 1, 6, { capAtStock: false })).rejects.toThrow("Доступно только 5 шт.");
  });

  it("caps a line at MAX_PIECES_PER_COIN (50) and at the operator's lower cap, and says which", async () => {
    const db = database.handle.db;
    await db.update(products).set({ stock: 500 }).where(eq(products.id, 6));
    const owner = "visitor:per-coin" as const;
    const change = await addToCart(db, owner, 6, 51);
    expect(change).toEqual({ quantity: 50, capped: true, stock: 500, limit: 50, buyerCap: null });
    expect(cappedMessage(change)).toBe("Не больше 50 шт. одной монеты в заказе");
    expect(await setCartQuantity(db, owner, 6, 60, { capAtStock: true })).toMatchObject({ quantity: 50, capped: true });
    await expect(setCartQuantity(db, owner, 6, 51, { capAtStock: false })).rejects.toMatchObject({
      code: "per_coin_limit",
      status: 409,
      message: "Не больше 50 шт. одной монеты в заказе",
    });

    await db.update(products).set({ maxPerOrder: 3 }).where(eq(products.id, 6));
    await expect(setCartQuantity(db, owner, 6, 4, { capAtStock: false })).rejects.toThrow("Не больше 3 шт. одной монеты в заказе");
    // The line put in before the operator lowered the cap is marked in the cart.
    const line = (await cartSummary(db, owner, rates)).lines.find((l) => l.product.id === 6)!;
    expect(line.problem).toBe("Не больше 3 шт. одной монеты в заказе");
    expect(await addToCart(db, "visitor:per-coin-2", 6, 5)).toMatchObject({ quantity: 3, capped: true, limit: 3 });
  });

  it("never goes above the stock under concurrent additions", async () => {
    const owner = "visitor:race" as const;
    await Promise.all(Array.from({ length: 10 }, () => addToCart(database.handle.db, owner, 1, 1)));
    expect((await listEntries(database.handle.db, "cart", owner))[0]!.quantity).toBe(5);
  });

  it("keeps a coin that sold out in the cart, marked, and out of the total", async () => {
    const owner = "visitor:soldout" as const;
    await addToCart(database.handle.db, owner, 2, 1);
    await addToCart(database.handle.db, owner, 3, 2);
    await database.handle.db.update(products).set({ stock: 0 }).where(eq(products.id, 3));
    const summary = await cartSummary(database.handle.db, owner, rates);
    const line = summary.lines.find((l) => l.product.id === 3)!;
    expect(line.available).toBe(false);
    expect(line.problem).toBe("Нет в наличии");
    expect(summary.totalPrice).toBe(summary.lines.find((l) => l.product.id === 2)!.lineTotal);
    expect(summary.totalCoins).toBe(3);
  });
});

describe("merge on sign-in", () => {
  it("adds the visitor's quantities to the user's, capped by stock, and empties the visitor", async () => {
    await addToCart(database.handle.db, "user:42", 1, 4);
    await addToCart(database.handle.db, "visitor:merge", 1, 3);
    await addToList(database.handle.db, "wishlist", "visitor:merge", 7);
    await mergeLists(database.handle.db, "visitor:merge", "user:42");
    expect((await listEntries(database.handle.db, "cart", "user:42"))[0]!.quantity).toBe(5);
    expect(await listEntries(database.handle.db, "wishlist", "user:42")).toEqual([{ productId: 7, quantity: 1 }]);
    expect(await listCounts(database.handle.db, "visitor:merge")).toEqual({ cart: 0, wishlist: 0, compare: 0 });
  });

  it("keeps every list within its limit", async () => {
    const user = "user:limits" as const;
    const visitor = "visitor:limits" as const;
    for (const id of [1, 2, 3, 4, 5]) await addToList(database.handle.db, "compare", user, id);
    for (const id of [4, 5, 6, 7, 8, 9, 10, 11, 12, 13]) await addToList(database.handle.db, "compare", visitor, id);
    await mergeLists(database.handle.db, visitor, user);
    const merged = (await listEntries(database.handle.db, "compare", user)).map((entry) => entry.productId);
    // The user's five, then the visitor's first new ones until ten: 4 and 5 were there already.
    expect(merged).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await listCounts(database.handle.db, visitor)).toEqual({ cart: 0, wishlist: 0, compare: 0 });
    await clearAllLists(database.handle.db, user);
  });

  it("leaves nothing after logout", async () => {
    await clearAllLists(database.handle.db, "user:42");
    expect(await listCounts(database.handle.db, "user:42")).toEqual({ cart: 0, wishlist: 0, compare: 0 });
  });
});
