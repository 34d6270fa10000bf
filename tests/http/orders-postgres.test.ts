// Placing orders on a PostgreSQL server with a real connection pool, where transactions do
// run side by side (the embedded PGlite has one connection and queues them): twenty
// buyers order the same coin, five in stock, at the same moment.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { productsSeeder } from "#app/modules/seed/catalog-products.server.ts";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "#app/modules/db/client.server.ts";
import { listItems, orders, products, users } from "#app/modules/db/schema.ts";
import { addToCart } from "#app/modules/lists/lists.server.ts";
import { placeOrder, type OrderInput } from "#app/modules/orders/place-order.server.ts";
import { createOrderGate } from "#app/modules/orders/order-gate.ts";
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

  // A launch: every buyer's order takes the one coin's row lock in turn. Another connection holds it here.
  /** Runs `during` while another connection holds the coin's row lock: an order's ("update"), or a cart's ("key share"). */
  async function holdingTheLock(productId: number, during: () => Promise<void>, strength: "update" | "no key update" | "key share" = "update") {
    const holder = await openDatabase({ dataDir: "", databaseUrl: database.url, databasePoolMax: 1 });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const transaction = holder.db.transaction(async (tx) => {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for(strength);
      locked();
      await released;
    });
    try {
      await isLocked;
      await during();
    } finally {
      release();
      await transaction;
      await holder.close();
    }
  }

  it("tells a buyer a sold-out coin at once, without queueing for its lock behind the other checkouts", async () => {
    const [buyer] = await buyers(1);
    // In the cart while there was one; sold out since.
    await handle.db.update(products).set({ stock: 1 }).where(eq(products.id, 3));
    await addToCart(handle.db, buyer!.owner, 3, 1);
    await handle.db.update(products).set({ stock: 0 }).where(eq(products.id, 3));
    const [row] = await handle.db.select().from(products).where(eq(products.id, 3));
    const seen = salePrice(row!, pricingRule(row!), rates);
    await holdingTheLock(3, async () => {
      const started = Date.now();
      const result = await placeOrder(handle.db, input(buyer!, seen), { rates, shopOpen: true });
      expect(result).toMatchObject({ kind: "refused", reason: expect.stringContaining("больше нет в продаже") });
      // The lock is held for as long as this takes: an answer within a second did not wait for it.
      expect(Date.now() - started).toBeLessThan(1_000);
    });
  });

  it("tells a buyer pressing «В корзину» for a sold-out coin at once, without queueing for its lock behind the orders", async () => {
    const [buyer] = await buyers(1);
    await handle.db.update(products).set({ stock: 0 }).where(eq(products.id, 4));
    await holdingTheLock(4, async () => {
      const started = Date.now();
      await expect(addToCart(handle.db, buyer!.owner, 4, 1)).rejects.toMatchObject({ code: "out_of_stock" });
      expect(Date.now() - started).toBeLessThan(1_000);
    });
  });

  it("says in words that the shop is too busy when the coin's lock is not free within 5 s, and writes nothing", async () => {
    const [buyer] = await buyers(1);
    await handle.db.update(products).set({ stock: 10 }).where(eq(products.id, 5));
    await addToCart(handle.db, buyer!.owner, 5, 1);
    const [row] = await handle.db.select().from(products).where(eq(products.id, 5));
    const seen = salePrice(row!, pricingRule(row!), rates);
    const [before] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    await holdingTheLock(5, async () => {
      const result = await placeOrder(handle.db, input(buyer!, seen), { rates, shopOpen: true });
      expect(result).toMatchObject({ kind: "refused", reason: expect.stringContaining("очень много заказов") });
    });
    const [after] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after!.n).toBe(before!.n);
    const [stock] = await handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, 5));
    expect(stock!.stock).toBe(10);
    // The lock free again, the same form places the order.
    expect((await placeOrder(handle.db, input(buyer!, seen), { rates, shopOpen: true })).kind).toBe("placed");
  }, 20_000);

  it("keeps the orders waiting for a coin off the connection pool, so pages still get one, and serves them in turn", async () => {
    // A small pool, as one process's share: without the gate, the ten orders waiting for the lock held below took all
    // four connections and the page's query waited the pool's 5 s and failed (a 503).
    const small = await openDatabase({ dataDir: "", databaseUrl: database.url, databasePoolMax: 4 });
    const gate = createOrderGate({ atOnce: 2, maxWaitMs: 15_000, maxWaiting: 100 });
    try {
      const crowd = await buyers(10);
      await handle.db.update(products).set({ stock: 10 }).where(eq(products.id, 6));
      for (const buyer of crowd) await addToCart(handle.db, buyer.owner, 6, 1);
      const [row] = await handle.db.select().from(products).where(eq(products.id, 6));
      const seen = salePrice(row!, pricingRule(row!), rates);
      let orders: Promise<Array<{ kind: string }>> = Promise.resolve([]);
      await holdingTheLock(6, async () => {
        orders = Promise.all(crowd.map((buyer) => placeOrder(small.db, input(buyer, seen), { rates, shopOpen: true, gate })));
        // Each order reads the cart before the gate: on a busy machine the ten take longer than a moment to reach it.
        await vi.waitFor(() => expect(gate.load).toEqual({ inside: 2, waiting: 8 }), { timeout: 10_000, interval: 50 });
        const started = Date.now();
        await small.db.execute(sql`select 1`);
        expect(Date.now() - started).toBeLessThan(1_000);
      });
      expect((await orders).map((result) => result.kind)).toEqual(Array(10).fill("placed"));
      const [stock] = await handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, 6));
      expect(stock!.stock).toBe(0);
    } finally {
      await small.close();
    }
  }, 30_000);

  it("tells the orders whose turn did not come in time that the shop is busy, and writes nothing for them", async () => {
    const gate = createOrderGate({ atOnce: 1, maxWaitMs: 500, maxWaiting: 100 });
    const crowd = await buyers(3);
    await handle.db.update(products).set({ stock: 10 }).where(eq(products.id, 7));
    for (const buyer of crowd) await addToCart(handle.db, buyer.owner, 7, 1);
    const [row] = await handle.db.select().from(products).where(eq(products.id, 7));
    const seen = salePrice(row!, pricingRule(row!), rates);
    const results: Array<{ kind: string; reason?: string }> = [];
    await holdingTheLock(7, async () => {
      const started = Date.now();
      for (const buyer of crowd) void placeOrder(handle.db, input(buyer, seen), { rates, shopOpen: true, gate }).then((done) => results.push(done));
      // The two behind the first are answered while the first still waits, long before the lock's 5 s
      // (each reads its cart before the gate, which on a busy machine takes a while).
      await vi.waitFor(() => expect(results).toHaveLength(2), { timeout: 4_500, interval: 50 });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(gate.load).toEqual({ inside: 1, waiting: 0 });
      // Released below; the first then gets its order.
    });
    await vi.waitFor(() => expect(results).toHaveLength(3), { timeout: 10_000, interval: 50 });
    // Whichever came to the gate first (each reads a little before it) got the turn; the others were told.
    expect(results.map((result) => result.kind).sort()).toEqual(["placed", "refused", "refused"]);
    for (const refused of results.filter((result) => result.kind === "refused")) expect(refused.reason).toContain("очень много заказов");
    const [stock] = await handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, 7));
    expect(stock!.stock).toBe(9);
  }, 30_000);

  it("lets carts and orders of one coin not wait for each other, and still sells nothing staff took off sale meanwhile", async () => {
    const [early, late] = await buyers(2);
    await handle.db.update(products).set({ stock: 10, status: "active" }).where(eq(products.id, 8));
    await addToCart(handle.db, early!.owner, 8, 1);
    const [row] = await handle.db.select().from(products).where(eq(products.id, 8));
    const seen = salePrice(row!, pricingRule(row!), rates);
    // An order holding the coin (its stock being taken) does not hold up a buyer adding the coin to a cart.
    await holdingTheLock(
      8,
      async () => {
        const started = Date.now();
        await addToCart(handle.db, late!.owner, 8, 1);
        expect(Date.now() - started).toBeLessThan(1_000);
      },
      "no key update",
    );
    // A cart adding the coin does not hold up staff taking it off sale.
    await holdingTheLock(
      8,
      async () => {
        const started = Date.now();
        await handle.db.update(products).set({ status: "archived" }).where(eq(products.id, 8));
        expect(Date.now() - started).toBeLessThan(1_000);
      },
      "key share",
    );
    // The coin the carts hold is refused at the order, and nothing is taken.
    for (const buyer of [early!, late!]) {
      const result = await placeOrder(handle.db, input(buyer, seen), { rates, shopOpen: true });
      expect(result).toMatchObject({ kind: "refused", reason: expect.stringContaining("больше нет в продаже") });
    }
    const [after] = await handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, 8));
    expect(after!.stock).toBe(10);
  }, 20_000);
});
