import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productsSeeder } from "../catalog/products.seed.server.ts";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "../db/client.server.ts";
import { products } from "../db/schema.ts";
import { addToCart, addToList, clearAllLists, listCounts, listEntries, ListError, mergeLists, parseQuantity, setCartQuantity } from "./lists.server.ts";
import { cartSummary } from "./summary.server.ts";

let dir: string;
let handle: DatabaseHandle;
const rates = { gold: 11_000, silver: 150 };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lists-test-"));
  handle = await openDatabase({ dataDir: dir, databaseUrl: undefined, databasePoolMax: 1 });
  await migrateDatabase(handle);
  await productsSeeder.run(handle.db);
  // Product 1 has 5 in stock for these tests.
  await handle.db.update(products).set({ stock: 5 }).where(eq(products.id, 1));
}, 60_000);

afterAll(async () => {
  await handle?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("parseQuantity", () => {
  it("accepts whole numbers from 1, as numbers or digits", () => {
    expect(parseQuantity(3)).toBe(3);
    expect(parseQuantity(" 7 ")).toBe(7);
  });
  it.each([0, -1, 1.5, "1.5", "abc", "", null, [], {}, Number.NaN, Infinity])("refuses %j", (value) => {
    expect(() => parseQuantity(value)).toThrow(ListError);
  });
});

describe("cart", () => {
  it("caps an addition at the stock and says so", async () => {
    const owner = "visitor:cap" as const;
    expect(await addToCart(handle.db, owner, 1, 3)).toEqual({ quantity: 3, capped: false, stock: 5 });
    expect(await addToCart(handle.db, owner, 1, 3)).toEqual({ quantity: 5, capped: true, stock: 5 });
    await expect(setCartQuantity(handle.db, owner, 1, 6, { capAtStock: false })).rejects.toThrow("Доступно только 5 шт.");
  });

  it("never goes above the stock under concurrent additions", async () => {
    const owner = "visitor:race" as const;
    await Promise.all(Array.from({ length: 10 }, () => addToCart(handle.db, owner, 1, 1)));
    expect((await listEntries(handle.db, "cart", owner))[0]!.quantity).toBe(5);
  });

  it("keeps a coin that sold out in the cart, marked, and out of the total", async () => {
    const owner = "visitor:soldout" as const;
    await addToCart(handle.db, owner, 2, 1);
    await addToCart(handle.db, owner, 3, 2);
    await handle.db.update(products).set({ stock: 0 }).where(eq(products.id, 3));
    const summary = await cartSummary(handle.db, owner, rates);
    const line = summary.lines.find((l) => l.product.id === 3)!;
    expect(line.available).toBe(false);
    expect(line.problem).toBe("Нет в наличии");
    expect(summary.totalPrice).toBe(summary.lines.find((l) => l.product.id === 2)!.lineTotal);
    expect(summary.totalCoins).toBe(3);
  });
});

describe("merge on sign-in", () => {
  it("adds the visitor's quantities to the user's, capped by stock, and empties the visitor", async () => {
    await addToCart(handle.db, "user:42", 1, 4);
    await addToCart(handle.db, "visitor:merge", 1, 3);
    await addToList(handle.db, "wishlist", "visitor:merge", 7);
    await mergeLists(handle.db, "visitor:merge", "user:42");
    expect((await listEntries(handle.db, "cart", "user:42"))[0]!.quantity).toBe(5);
    expect(await listEntries(handle.db, "wishlist", "user:42")).toEqual([{ productId: 7, quantity: 1 }]);
    expect(await listCounts(handle.db, "visitor:merge")).toEqual({ cart: 0, wishlist: 0, compare: 0 });
  });

  it("leaves nothing after logout", async () => {
    await clearAllLists(handle.db, "user:42");
    expect(await listCounts(handle.db, "user:42")).toEqual({ cart: 0, wishlist: 0, compare: 0 });
  });
});
