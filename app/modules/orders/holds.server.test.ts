import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { onDatabaseBefore } from "#tests/support/upgrade-database.ts";
import { migrateDatabase } from "../db/client.server.ts";
import { testRates } from "#tests/support/orders.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { listItems, orders, products, users } from "../db/schema.ts";
import { addToCart } from "../lists/lists.server.ts";
import { listNotifications } from "../notifications/outbox.server.ts";
import { log } from "../shared/log.server.ts";
import { expireOverdueOrders } from "./expiry.server.ts";
import { heldStock } from "./holds.server.ts";
import type { HoldRules } from "../config/config.server.ts";
import { changeOrderStatus, findOrderByNumber } from "./operator.server.ts";
import { placeOrder } from "./place-order.server.ts";

// Stock held without payment or confirmation: the deadline of an order paid on receipt, the caps
// per buyer and per contact phone, and the same coins ordered again right after their order expired.

const database = withTempDatabase("holds-test", async ({ db }) => {
  await productsSeeder.run(db);
  await db.update(products).set({ stock: 1000, status: "active", maxPerOrder: null });
});
const db = () => database.handle.db;
const rules: HoldRules = { confirmTimeoutMinutes: 3 * 24 * 60, maxPieces: 10, maxRub: 100_000_000, maxExpiredPerCoinPerDay: 2 };
const COIN = 5;
const OTHER = 6;

beforeEach(() => vi.spyOn(log, "info").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

let phones = 0;
async function newBuyer() {
  const [user] = await db()
    .insert(users)
    .values({ phone: `+7915${String(++phones).padStart(7, "0")}` })
    .returning();
  return user!;
}

/** Puts the lines in the buyer's cart and places them at the shop's own prices, on receipt unless told otherwise, to `phone`. */
async function order(user: { id: number }, lines: Array<[number, number]>, options: { phone: string; paymentId?: 4 | 6; now?: Date; hold?: HoldRules }) {
  const owner = `user:${user.id}` as const;
  await db().delete(listItems).where(eq(listItems.owner, owner));
  for (const [productId, quantity] of lines) await addToCart(db(), owner, productId, quantity);
  const place = (seenGoodsTotal: number) =>
    placeOrder(
      db(),
      {
        userId: user.id,
        owner,
        checkoutToken: crypto.randomUUID(),
        seenGoodsTotal,
        contact: { name: "Иван", lastName: "Иванов", secondName: "", email: "", phone: options.phone },
        city: { code: "0000073738", name: "Москва" },
        delivery: { id: 43, type: "specialcontact", courier: true },
        deliveryTotal: 0,
        paymentId: options.paymentId ?? 6,
        comment: "",
      },
      { rates: testRates, shopOpen: true, hold: options.hold ?? rules, limits: { maxUnpaidPerBuyer: 100, maxPiecesPerCoin: 1000 }, now: options.now },
    );
  // The price the page would show: the shop's own answer to a total it did not show.
  const shown = await place(-1);
  return shown.kind === "prices-changed" ? place(shown.goodsTotal) : shown;
}

const numberOf = (result: Awaited<ReturnType<typeof order>>) => {
  if (result.kind !== "placed") throw new Error(JSON.stringify(result));
  return result.number;
};

describe("an order paid on receipt", { timeout: 60_000 }, () => {
  it("holds its coins until staff confirm it: unconfirmed, it is cancelled at its deadline with the buyer told, as an unpaid online order is", async () => {
    const buyer = await newBuyer();
    const number = numberOf(await order(buyer, [[COIN, 2]], { phone: buyer.phone }));
    const [row] = await db().select().from(orders).where(eq(orders.number, number));
    expect(row!.status).toBe("new");
    expect(row!.paymentDueAt!.getTime() - row!.createdAt.getTime()).toBe(rules.confirmTimeoutMinutes * 60_000);
    const confirmed = numberOf(await order(buyer, [[OTHER, 1]], { phone: buyer.phone }));
    expect((await changeOrderStatus(db(), confirmed, "assembling", { actor: "operator" })).ok).toBe(true);
    const [before] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, COIN));

    expect(await expireOverdueOrders(db(), new Date(row!.paymentDueAt!.getTime() - 1000))).toEqual([]);
    expect(await expireOverdueOrders(db(), row!.paymentDueAt!)).toEqual([number]);
    const found = (await findOrderByNumber(db(), number))!;
    expect(found).toMatchObject({ status: "cancelled", cancelReason: "Заказ не подтверждён в срок" });
    expect(found.history.at(-1)).toMatchObject({ status: "cancelled", note: "Заказ не подтверждён в срок" });
    const [after] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, COIN));
    expect(after!.stock).toBe(before!.stock + 2);
    const messages = await listNotifications(db(), { orderId: row!.id });
    expect(messages.filter((message) => message.event === "order_cancelled").length).toBeGreaterThan(0);
    // The confirmed one is the staff's now: no deadline lets it go.
    expect(await expireOverdueOrders(db(), new Date(Date.now() + 365 * 24 * 60 * 60_000))).not.toContain(confirmed);
    expect((await findOrderByNumber(db(), confirmed))!.status).toBe("assembling");
  });
});

describe("the caps on stock held unpaid or unconfirmed", { timeout: 60_000 }, () => {
  it("count pieces per buyer and per contact phone, of both kinds of payment, and free up once an order is confirmed", async () => {
    const buyer = await newBuyer();
    const first = numberOf(await order(buyer, [[COIN, 6]], { phone: buyer.phone }));
    expect(numberOf(await order(buyer, [[OTHER, 2]], { phone: buyer.phone, paymentId: 4 }))).toBeTruthy();
    const refused = await order(buyer, [[COIN, 3]], { phone: buyer.phone });
    expect(refused).toEqual({
      kind: "refused",
      reason:
        "В неоплаченных и неподтверждённых заказах на один аккаунт или телефон может быть не больше 10 шт. монет: у вас уже 8 шт., в этом заказе 3 шт. Уменьшите количество, оплатите прежний заказ или позвоните нам: +7 (495) 269-69-99.",
    });
    // Another account giving the same phone is the same holder.
    const other = await newBuyer();
    expect(await order(other, [[COIN, 3]], { phone: buyer.phone })).toMatchObject({ kind: "refused" });
    expect(numberOf(await order(other, [[COIN, 3]], { phone: other.phone }))).toBeTruthy();
    // Confirmed by staff, the first order holds nothing unconfirmed any more.
    expect((await changeOrderStatus(db(), first, "assembling", { actor: "operator" })).ok).toBe(true);
    expect(numberOf(await order(buyer, [[COIN, 3]], { phone: buyer.phone }))).toBeTruthy();
  });

  it("count the value held, and say it in roubles", async () => {
    const buyer = await newBuyer();
    const [row] = await db()
      .select()
      .from(orders)
      .where(eq(orders.number, numberOf(await order(await newBuyer(), [[COIN, 1]], { phone: "+79990000001" }))));
    const hold = { ...rules, maxRub: row!.goodsTotal * 3 };
    numberOf(await order(buyer, [[COIN, 2]], { phone: buyer.phone, hold }));
    const refused = await order(buyer, [[COIN, 2]], { phone: buyer.phone, hold });
    expect(refused.kind).toBe("refused");
    expect((refused as { reason: string }).reason).toMatch(
      /^Неоплаченные и неподтверждённые заказы на один аккаунт или телефон — не больше чем на [\d\s\u00a0]+₽: у вас уже на/,
    );
    expect(numberOf(await order(buyer, [[COIN, 1]], { phone: buyer.phone, hold }))).toBeTruthy();
  });

  it("let a buyer order a coin again after its order expired once, not again and again the same day", async () => {
    const buyer = await newBuyer();
    const start = new Date();
    const expireAll = (at: Date) => expireOverdueOrders(db(), at);
    const first = numberOf(await order(buyer, [[COIN, 1]], { phone: buyer.phone, paymentId: 4, now: start }));
    const hour = 61 * 60_000;
    expect(await expireAll(new Date(start.getTime() + hour))).toContain(first);
    const second = numberOf(await order(buyer, [[COIN, 1]], { phone: buyer.phone, paymentId: 4, now: new Date(start.getTime() + hour) }));
    expect(await expireAll(new Date(start.getTime() + 2 * hour))).toContain(second);
    const third = await order(
      buyer,
      [
        [COIN, 1],
        [OTHER, 1],
      ],
      { phone: buyer.phone, paymentId: 4, now: new Date(start.getTime() + 2 * hour) },
    );
    expect(third.kind).toBe("refused");
    expect((third as { reason: string }).reason).toMatch(
      /^«[^»]+»: заказы с этой монетой за последние сутки 2 раза отменялись без оплаты или подтверждения\. Снова заказать её на сайте можно с \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(МСК\)/,
    );
    // Another coin is no matter; the same one again a day after the first expiry.
    expect(numberOf(await order(buyer, [[OTHER, 1]], { phone: buyer.phone, paymentId: 4, now: new Date(start.getTime() + 2 * hour) }))).toBeTruthy();
    expect(numberOf(await order(buyer, [[COIN, 1]], { phone: buyer.phone, paymentId: 4, now: new Date(start.getTime() + 25 * hour) }))).toBeTruthy();
  });
});

describe("the dashboard's held stock", { timeout: 60_000 }, () => {
  it("lists per coin the pieces, value, orders and buyers of orders not paid or confirmed", async () => {
    const before = (await heldStock(db())).find((row) => row.productId === OTHER)?.pieces ?? 0;
    const buyer = await newBuyer();
    numberOf(await order(buyer, [[OTHER, 4]], { phone: buyer.phone }));
    const row = (await heldStock(db())).find((line) => line.productId === OTHER)!;
    expect(row.pieces).toBe(before + 4);
    expect(row.orders).toBeGreaterThanOrEqual(1);
    expect(row.roubles).toBeGreaterThan(0);
  });
});

describe("orders paid on receipt placed before their confirmation deadline existed", () => {
  it("get the default window from the upgrade, so they no longer hold their coins for ever; others keep theirs", async () => {
    await onDatabaseBefore("_on_receipt_confirm_deadline", async (handle) => {
      await handle.db.execute(sql`insert into users (id, phone) values (1, '+79160000001')`);
      const order = (number: string, status: string, paymentId: number, due: string | null) =>
        sql`insert into orders (number, user_id, status, checkout_token, contact, city, delivery, payment_id, goods_total, total, payment_due_at)
            values (${number}, 1, ${status}, ${number}, '{}'::jsonb, '{}'::jsonb, '{}'::jsonb, ${paymentId}, 100, 100, ${due}::timestamptz)`;
      await handle.db.execute(order("2026-000001", "new", 6, null));
      await handle.db.execute(order("2026-000002", "assembling", 6, null));
      await handle.db.execute(order("2026-000003", "awaiting_payment", 4, "2026-11-27T12:00:00Z"));
      const upgradedAt = Date.now();
      await migrateDatabase(handle);
      const due = new Map((await handle.db.select({ number: orders.number, due: orders.paymentDueAt }).from(orders)).map((row) => [row.number, row.due]));
      const unconfirmed = due.get("2026-000001")!.getTime() - upgradedAt;
      expect(unconfirmed).toBeGreaterThan(3 * 24 * 3600_000 - 60_000);
      expect(unconfirmed).toBeLessThan(3 * 24 * 3600_000 + 60_000);
      expect(due.get("2026-000002")).toBeNull();
      expect(due.get("2026-000003")).toEqual(new Date("2026-11-27T12:00:00Z"));
    });
  }, 60_000);
});
