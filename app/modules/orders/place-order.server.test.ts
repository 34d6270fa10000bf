import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { listItems, orderLines, orders, products, users } from "../db/schema.ts";
import { addToCart } from "../lists/lists.server.ts";
import { salePrice } from "../pricing/pricing.ts";
import { findOrder, listOrders, placeOrder, type OrderInput } from "./place-order.server.ts";

const rates = { gold: 11_000, silver: 150 };
const open = { rates, shopOpen: true };
const GEORGIY = 1;

const database = withTempDatabase("orders-test", async ({ db }) => {
  await productsSeeder.run(db);
  await db.update(products).set({ stock: 5 }).where(eq(products.id, GEORGIY));
});

let userCounter = 0;
async function buyer(): Promise<{ id: number; owner: `user:${string}` }> {
  userCounter++;
  const [user] = await database.handle.db
    .insert(users)
    .values({ phone: `+7900000${String(userCounter).padStart(4, "0")}` })
    .returning();
  return { id: user!.id, owner: `user:${user!.id}` };
}

async function priceOf(productId: number) {
  const [row] = await database.handle.db.select().from(products).where(eq(products.id, productId));
  return salePrice(row!, { kind: "metal", premiumPercent: row!.premiumPercent, fixedPremium: row!.fixedPremium }, rates);
}

function input(user: { id: number; owner: `user:${string}` }, seenGoodsTotal: number, token = crypto.randomUUID()): OrderInput {
  return {
    userId: user.id,
    owner: user.owner,
    checkoutToken: token,
    seenGoodsTotal,
    contact: { name: "Иван", lastName: "Иванов", secondName: "", email: "ivan@example.ru", phone: "+79160000000" },
    city: { code: "0000073738", name: "Москва" },
    delivery: { id: 79, type: "sdek", courier: false },
    deliveryTotal: 0,
    paymentId: 4,
    comment: "",
  };
}

describe("placeOrder", () => {
  it("writes the order with priced snapshots, reduces the stock and empties the cart", async () => {
    const user = await buyer();
    await addToCart(database.handle.db, user.owner, GEORGIY, 2);
    const price = await priceOf(GEORGIY);
    const result = await placeOrder(database.handle.db, input(user, price * 2), open);
    expect(result.kind).toBe("placed");
    const order = await findOrder(database.handle.db, user.id, (result as { orderId: number }).orderId);
    expect(order?.status).toBe("awaiting_payment");
    expect(order?.goodsTotal).toBe(price * 2);
    expect(order?.number).toMatch(/^\d{4}-\d{6}$/);
    expect(order?.lines).toEqual([expect.objectContaining({ productId: GEORGIY, quantity: 2, price, lineTotal: price * 2 })]);
    const [stock] = await database.handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, GEORGIY));
    expect(stock!.stock).toBe(3);
    expect(await database.handle.db.select().from(listItems).where(eq(listItems.owner, user.owner))).toEqual([]);
  });

  it("shows the new prices instead of ordering when they moved since the page, writing nothing", async () => {
    const user = await buyer();
    await addToCart(database.handle.db, user.owner, 2, 1);
    const before = await database.handle.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const result = await placeOrder(database.handle.db, input(user, 1), open);
    expect(result).toMatchObject({ kind: "prices-changed", goodsTotal: await priceOf(2) });
    const after = await database.handle.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("asks again when the gold quote moved between the page and the submit, then places at the new price", async () => {
    const user = await buyer();
    await addToCart(database.handle.db, user.owner, GEORGIY, 1);
    const shown = await priceOf(GEORGIY);
    // The refresher fetched a new quote after the page was rendered: gold up 2 %.
    const moved = { ...rates, gold: rates.gold * 1.02 };
    const result = await placeOrder(database.handle.db, input(user, shown), { rates: moved, shopOpen: true });
    if (result.kind !== "prices-changed") throw new Error(`expected prices-changed, got ${result.kind}`);
    expect(result.goodsTotal).toBeGreaterThan(shown);
    expect(result.lines).toEqual([expect.objectContaining({ productId: GEORGIY, quantity: 1, price: result.goodsTotal })]);
    // The buyer confirms the new total: the order is placed at the price they confirmed.
    const confirmed = await placeOrder(database.handle.db, input(user, result.goodsTotal), { rates: moved, shopOpen: true });
    expect(confirmed.kind).toBe("placed");
    const order = await findOrder(database.handle.db, user.id, (confirmed as { orderId: number }).orderId);
    expect(order?.goodsTotal).toBe(result.goodsTotal);
  });

  it("returns the same order for a second submit of the same form", async () => {
    const user = await buyer();
    await addToCart(database.handle.db, user.owner, 2, 1);
    const form = input(user, await priceOf(2));
    const [first, second] = await Promise.all([placeOrder(database.handle.db, form, open), placeOrder(database.handle.db, form, open)]);
    const ids = [first, second].map((result) => (result as { orderId?: number }).orderId);
    expect(ids[0]).toBeDefined();
    expect(ids[0]).toBe(ids[1]);
    expect(new Set([first.kind, second.kind])).toEqual(new Set(["placed", "existing"]));
    expect((await listOrders(database.handle.db, user.id)).length).toBe(1);
  });

  it("never sells more than the stock: 20 buyers, 5 coins, exactly 5 orders", async () => {
    await database.handle.db.update(products).set({ stock: 5 }).where(eq(products.id, 3));
    const price = await priceOf(3);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer()));
    for (const user of buyers) await addToCart(database.handle.db, user.owner, 3, 1);
    const results = await Promise.all(buyers.map((user) => placeOrder(database.handle.db, input(user, price), open)));
    expect(results.filter((result) => result.kind === "placed")).toHaveLength(5);
    expect(results.filter((result) => result.kind === "refused")).toHaveLength(15);
    const [row] = await database.handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, 3));
    expect(row!.stock).toBe(0);
    const sold = await database.handle.db
      .select({ n: sql<number>`coalesce(sum(quantity), 0)::int` })
      .from(orderLines)
      .where(eq(orderLines.productId, 3));
    expect(sold[0]!.n).toBe(5);
  });

  it("refuses while the shop is closed, with an empty cart, or without quotes", async () => {
    const user = await buyer();
    expect(await placeOrder(database.handle.db, input(user, 0), open)).toEqual({ kind: "refused", reason: "Корзина пуста" });
    await addToCart(database.handle.db, user.owner, 2, 1);
    expect((await placeOrder(database.handle.db, input(user, 1), { rates, shopOpen: false })).kind).toBe("refused");
    expect((await placeOrder(database.handle.db, input(user, 1), { rates: null, shopOpen: true })).kind).toBe("refused");
  });

  it("shows a buyer only their own orders", async () => {
    const owner = await buyer();
    const stranger = await buyer();
    await addToCart(database.handle.db, owner.owner, 2, 1);
    const placed = await placeOrder(database.handle.db, input(owner, await priceOf(2)), open);
    const id = (placed as { orderId: number }).orderId;
    expect(await findOrder(database.handle.db, stranger.id, id)).toBeUndefined();
    expect(await listOrders(database.handle.db, stranger.id)).toEqual([]);
  });
});

describe("placeOrder: the caps that stop one buyer holding the stock", () => {
  const db = () => database.handle.db;
  const stockOf = async (id: number) => (await db().select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
  const orderCount = async (userId: number) => (await listOrders(db(), userId)).length;
  /** A cart line written as it stands (an old cart, or one filled before a cap was lowered). */
  const putInCart = (owner: string, productId: number, quantity: number) => db().insert(listItems).values({ list: "cart", owner, productId, quantity });

  it("refuses a third unpaid online order of one buyer: the message, no order, the stock untouched", async () => {
    const user = await buyer();
    const price = await priceOf(2);
    for (let n = 0; n < 2; n++) {
      await addToCart(db(), user.owner, 2, 1);
      expect((await placeOrder(db(), input(user, price), open)).kind).toBe("placed");
    }
    await addToCart(db(), user.owner, 2, 1);
    const stock = await stockOf(2);
    const third = await placeOrder(db(), input(user, price), open);
    expect(third).toEqual({
      kind: "refused",
      reason: "У вас уже 2 неоплаченных заказа. Оплатите или отмените один из них в личном кабинете, чтобы оформить новый.",
    });
    expect(await orderCount(user.id)).toBe(2);
    expect(await stockOf(2)).toBe(stock);
    expect((await db().select().from(listItems).where(eq(listItems.owner, user.owner))).length).toBe(1);

    // A paid order no longer counts: the buyer may order again.
    const [first] = await listOrders(db(), user.id);
    await db().update(orders).set({ status: "paid" }).where(eq(orders.id, first!.id));
    expect((await placeOrder(db(), input(user, price), open)).kind).toBe("placed");
  });

  it("refuses 51 pieces of one coin, and 50 go through", async () => {
    await db().update(products).set({ stock: 200, maxPerOrder: null }).where(eq(products.id, 4));
    const price = await priceOf(4);
    const greedy = await buyer();
    await putInCart(greedy.owner, 4, 51);
    expect(await placeOrder(db(), input(greedy, price * 51), open)).toMatchObject({
      kind: "refused",
      reason: expect.stringMatching(/не больше 50 шт\. в одном заказе/),
    });
    expect(await orderCount(greedy.id)).toBe(0);
    expect(await stockOf(4)).toBe(200);

    const fair = await buyer();
    await putInCart(fair.owner, 4, 50);
    expect((await placeOrder(db(), input(fair, price * 50), open)).kind).toBe("placed");
    expect(await stockOf(4)).toBe(150);
  });

  it("applies the operator's lower cap of a coin", async () => {
    await db().update(products).set({ stock: 100, maxPerOrder: 3 }).where(eq(products.id, 5));
    const price = await priceOf(5);
    const user = await buyer();
    await putInCart(user.owner, 5, 4);
    expect(await placeOrder(db(), input(user, price * 4), open)).toMatchObject({
      kind: "refused",
      reason: expect.stringMatching(/не больше 3 шт\. в одном заказе/),
    });
    expect(await stockOf(5)).toBe(100);
    await db().update(listItems).set({ quantity: 3 }).where(eq(listItems.owner, user.owner));
    expect((await placeOrder(db(), input(user, price * 3), open)).kind).toBe("placed");
  });

  it("follows the settings when they are given", async () => {
    const user = await buyer();
    await putInCart(user.owner, 2, 2);
    const strict = { ...open, limits: { maxUnpaidPerBuyer: 2, maxPiecesPerCoin: 1 } };
    expect(await placeOrder(db(), input(user, (await priceOf(2)) * 2), strict)).toMatchObject({
      kind: "refused",
      reason: expect.stringMatching(/не больше 1 шт\./),
    });
  });
});

describe("placeOrder: a checkout token that is another buyer's", () => {
  it("refuses it with a clear message instead of failing", async () => {
    const first = await buyer();
    const second = await buyer();
    const token = crypto.randomUUID();
    await addToCart(database.handle.db, first.owner, 2, 1);
    expect((await placeOrder(database.handle.db, input(first, await priceOf(2), token), open)).kind).toBe("placed");
    await addToCart(database.handle.db, second.owner, 2, 1);
    expect(await placeOrder(database.handle.db, input(second, await priceOf(2), token), open)).toEqual({
      kind: "refused",
      reason: "Эта страница оформления устарела. Проверьте заказ и нажмите «Оформить заказ» ещё раз.",
    });
    expect(await listOrders(database.handle.db, second.id)).toEqual([]);
  });
});
