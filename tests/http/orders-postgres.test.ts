// Placing orders on a PostgreSQL server with a real connection pool, where transactions do
// run side by side (the embedded PGlite has one connection and queues them): twenty
// buyers order the same coin, five in stock, at the same moment.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productsSeeder } from "#app/modules/seed/catalog-products.server.ts";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "#app/modules/db/client.server.ts";
import { listItems, orders, products, users } from "#app/modules/db/schema.ts";
import { addToCart } from "#app/modules/lists/lists.server.ts";
import { placeOrder, type OrderInput } from "#app/modules/orders/place-order.server.ts";
import { pricingRule } from "#app/modules/catalog/products.server.ts";
import { salePrice } from "#app/modules/pricing/pricing.ts";
import { createTestDatabase, postgresForSuite, type TestDatabase } from "#tests/support/server.ts";

const postgres = await postgresForSuite();
const rates = { gold: 11_000, silver: 150 };
const COIN = 1;

describe.skipIf(!postgres.available)(`orders placed at once on PostgreSQL${postgres.skipReason}`, () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(postgres.adminUrl, { empty: true });
    handle = await openDatabase({ dataDir: "", databaseUrl: database.url, databasePoolMax: 20 });
    await migrateDatabase(handle);
    await productsSeeder.run(handle.db);
    await handle.db.update(products).set({ stock: 5 }).where(eq(products.id, COIN));
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  async function buyers(count: number) {
    const created = await handle.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, index) => ({ phone: `+7901${String(Date.now() % 1_000_000).padStart(6, "0")}${String(index).padStart(2, "0")}` })),
      )
      .returning({ id: users.id });
    return created.map((user) => ({ id: user.id, owner: `user:${user.id}` as const }));
  }

  async function price() {
    const [row] = await handle.db.select().from(products).where(eq(products.id, COIN));
    return salePrice(row!, pricingRule(row!), rates);
  }

  const input = (buyer: { id: number; owner: `user:${string}` }, seen: number, token = crypto.randomUUID()): OrderInput => ({
    userId: buyer.id,
    owner: buyer.owner,
    checkoutToken: token,
    seenGoodsTotal: seen,
    contact: { name: "Анна", lastName: "Петрова", secondName: "", email: "anna@example.ru", phone: "+79160000000" },
    city: { code: "0000073738", name: "Москва" },
    delivery: { id: 76, type: "sdek", courier: false },
    deliveryTotal: 0,
    paymentId: 4,
    comment: "",
  });

  it("sells exactly the five in stock to twenty buyers and never goes below zero", async () => {
    const people = await buyers(20);
    for (const buyer of people) await addToCart(handle.db, buyer.owner, COIN, 1);
    const seen = await price();
    const results = await Promise.all(people.map((buyer) => placeOrder(handle.db, input(buyer, seen), { rates, shopOpen: true })));
    expect(results.filter((result) => result.kind === "placed")).toHaveLength(5);
    const refused = results.filter((result) => result.kind === "refused");
    expect(refused).toHaveLength(15);
    for (const result of refused) expect(result).toMatchObject({ reason: expect.stringMatching(/больше нет в продаже|в наличии только/) });
    const [row] = await handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, COIN));
    expect(row!.stock).toBe(0);
    const [count] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(count!.n).toBe(5);
  });

  it("makes one order of the same form sent five times at once", async () => {
    const [buyer] = await buyers(1);
    await handle.db.update(products).set({ stock: 3 }).where(eq(products.id, 2));
    await addToCart(handle.db, buyer!.owner, 2, 1);
    const [row] = await handle.db.select().from(products).where(eq(products.id, 2));
    const form = input(buyer!, salePrice(row!, pricingRule(row!), rates));
    const results = await Promise.all(Array.from({ length: 5 }, () => placeOrder(handle.db, form, { rates, shopOpen: true })));
    const ids = new Set(results.map((result) => (result as { orderId?: number }).orderId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toBeDefined();
    const [after] = await handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, 2));
    expect(after!.stock).toBe(2);
  });

  it("lets one buyer's parallel submits (from several carts) hold at most MAX_UNPAID_ORDERS_PER_BUYER unpaid orders", async () => {
    const [buyer] = await buyers(1);
    await handle.db.update(products).set({ stock: 100 }).where(eq(products.id, 3));
    const [row] = await handle.db.select().from(products).where(eq(products.id, 3));
    const seen = salePrice(row!, pricingRule(row!), rates);
    // Eight carts of the same buyer (say, eight browsers), each submitted at the same moment.
    const carts = Array.from({ length: 8 }, (_, index) => (index === 0 ? buyer!.owner : (`visitor:cap-${buyer!.id}-${index}` as const)));
    for (const owner of carts) await addToCart(handle.db, owner, 3, 1);
    const limits = { maxUnpaidPerBuyer: 2, maxPiecesPerCoin: 50 };
    const results = await Promise.all(carts.map((owner) => placeOrder(handle.db, { ...input(buyer!, seen), owner }, { rates, shopOpen: true, limits })));
    expect(results.filter((result) => result.kind === "placed")).toHaveLength(2);
    for (const result of results.filter((result) => result.kind !== "placed")) {
      expect(result).toMatchObject({ kind: "refused", reason: expect.stringContaining("У вас уже 2 неоплаченных заказа") });
    }
    const [count] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.userId, buyer!.id));
    expect(count!.n).toBe(2);
    const [after] = await handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, 3));
    expect(after!.stock).toBe(98);
  });

  it("refuses 51 pieces of a coin and follows the operator's lower cap", async () => {
    const [buyer] = await buyers(1);
    await handle.db.update(products).set({ stock: 100, maxPerOrder: null }).where(eq(products.id, 4));
    const [row] = await handle.db.select().from(products).where(eq(products.id, 4));
    const seen = salePrice(row!, pricingRule(row!), rates);
    await handle.db.insert(listItems).values({ list: "cart", owner: buyer!.owner, productId: 4, quantity: 51 });
    expect(await placeOrder(handle.db, input(buyer!, seen * 51), { rates, shopOpen: true })).toMatchObject({
      kind: "refused",
      reason: expect.stringContaining("не больше 50 шт."),
    });
    await handle.db.update(products).set({ maxPerOrder: 5 }).where(eq(products.id, 4));
    await handle.db.update(listItems).set({ quantity: 6 }).where(eq(listItems.owner, buyer!.owner));
    expect(await placeOrder(handle.db, input(buyer!, seen * 6), { rates, shopOpen: true })).toMatchObject({
      kind: "refused",
      reason: expect.stringContaining("не больше 5 шт."),
    });
    const [after] = await handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, 4));
    expect(after!.stock).toBe(100);
    await handle.db.update(listItems).set({ quantity: 5 }).where(eq(listItems.owner, buyer!.owner));
    expect((await placeOrder(handle.db, input(buyer!, seen * 5), { rates, shopOpen: true })).kind).toBe("placed");
  });

  it("refuses another buyer's checkout token with a message, not an error", async () => {
    const [first, second] = await buyers(2);
    await handle.db.update(products).set({ stock: 10 }).where(eq(products.id, 2));
    const [row] = await handle.db.select().from(products).where(eq(products.id, 2));
    const seen = salePrice(row!, pricingRule(row!), rates);
    const token = crypto.randomUUID();
    await addToCart(handle.db, first!.owner, 2, 1);
    await addToCart(handle.db, second!.owner, 2, 1);
    const results = await Promise.all([first!, second!].map((buyer) => placeOrder(handle.db, input(buyer, seen, token), { rates, shopOpen: true })));
    expect(results.map((result) => result.kind).sort()).toEqual(["placed", "refused"]);
  });
});
