import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { cliActor } from "../audit/audit.server.ts";
import { auditLog, notifications, orderLines, orders, preorders, products, users } from "../db/schema.ts";
import { launchRefusal } from "../launches/launch.server.ts";
import { preorderReservedText } from "../launches/launch.ts";
import { expireOverdueOrders } from "../orders/expiry.server.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { log } from "../shared/log.server.ts";
import { preorderTexts } from "./preorders.ts";
import { cancelPreorder, cancelPreorderByStaff, placePreorder, preordersOfCoin, serveOpenedPreorders } from "./preorders.server.ts";

const database = withTempDatabase("preorders-test", async ({ db }) => {
  await productsSeeder.run(db);
});
const db = () => database.handle.db;
const rates = { gold: 10_000, silver: 100 };
const HOUR = 3_600_000;

beforeEach(() => vi.spyOn(log, "info").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

let made = 0;
async function buyer() {
  made += 1;
  const [row] = await db()
    .insert(users)
    .values({ phone: `+7903${String(made).padStart(7, "0")}`, name: `Покупатель ${made}`, email: `buyer${made}@example.ru` })
    .returning();
  return row!;
}

/** A coming coin with pre-orders allowed, `stock` pieces and a cap of 2; its opening moment. */
async function comingCoin(productId: number, stock: number, hoursAhead: number, allowed = true) {
  // Each test's coin opens at its own hour, earlier for later tests, so a round serves only its own coin.
  const opensAt = new Date(Date.now() + hoursAhead * HOUR);
  await db().update(products).set({ salesOpenAt: opensAt, buyerCap: 2, stock, preordersAllowed: allowed }).where(eq(products.id, productId));
  return opensAt;
}

const stockOf = async (productId: number) => (await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock;

describe("a pre-order", () => {
  it("is refused where staff do not allow it, over the cap, and after the opening; twice is once; the buyer may cancel a waiting one", async () => {
    const coin = 11;
    await comingCoin(coin, 5, 9, false);
    const person = await buyer();
    expect(await placePreorder(db(), person, coin, 1)).toEqual({ ok: false, reason: preorderTexts.notAllowed });
    const opensAt = await comingCoin(coin, 5, 9);
    expect(await placePreorder(db(), person, coin, 3)).toEqual({ ok: false, reason: preorderTexts.quantity(2) });
    expect(await placePreorder(db(), person, coin, 2)).toEqual({ ok: true, place: 1, message: preorderTexts.placed(1) });
    // A double press, or two tabs at once: the same pre-order.
    const again = await Promise.all([placePreorder(db(), person, coin, 1), placePreorder(db(), person, coin, 2)]);
    expect(again).toEqual([
      { ok: true, place: 1, message: preorderTexts.already(1) },
      { ok: true, place: 1, message: preorderTexts.already(1) },
    ]);
    expect(await db().select().from(preorders).where(eq(preorders.userId, person.id))).toHaveLength(1);
    // The waiting pre-order counts against the cap as an order does: an order of one more after the opening is over it.
    const [row] = await db().select().from(products).where(eq(products.id, coin));
    expect(await launchRefusal(db(), { userId: person.id, phone: person.phone }, [{ product: row!, quantity: 1 }], new Date(opensAt.getTime() + 1))).toMatch(
      /не более 2 шт\. в одни руки, в ваших заказах уже 2 шт\./,
    );
    const [mine] = await db().select().from(preorders).where(eq(preorders.userId, person.id));
    const stranger = await buyer();
    expect(await cancelPreorder(db(), stranger.id, mine!.id)).toEqual({ ok: false, reason: preorderTexts.notCancellable });
    expect(await cancelPreorder(db(), person.id, mine!.id)).toEqual({ ok: true, message: preorderTexts.cancelled });
    // A cancelled one frees the place: a new one may be taken.
    expect(await placePreorder(db(), person, coin, 1)).toMatchObject({ ok: true, place: 1 });
    expect(await placePreorder(db(), person, coin, 1, new Date(opensAt.getTime() + 1))).toEqual({ ok: false, reason: preorderTexts.notComing });
  });
});

describe("the opening", () => {
  it("serves the line in order up to the stock, each into an order awaiting payment; the rest wait with their places; two watches at once serve each once", async () => {
    const coin = 12;
    const opensAt = await comingCoin(coin, 3, 6);
    const people = [await buyer(), await buyer(), await buyer(), await buyer()];
    // 2 + 1 + 2 + 1 pieces asked; 3 in stock.
    for (const [index, person] of people.entries()) {
      expect(await placePreorder(db(), person, coin, index % 2 === 0 ? 2 : 1, new Date(Date.now() + index))).toMatchObject({ ok: true, place: index + 1 });
    }
    expect(await serveOpenedPreorders(db(), rates, new Date(opensAt.getTime() - 1000))).toBe(0);
    const served = await Promise.all([serveOpenedPreorders(db(), rates, opensAt), serveOpenedPreorders(db(), rates, opensAt)]);
    expect(served.sort()).toEqual([0, 2]);
    expect(await stockOf(coin)).toBe(0);

    const line = await preordersOfCoin(db(), coin);
    expect(line.map((row) => [row.status, row.place, row.orderPieces])).toEqual([
      ["served", null, 2],
      ["served", null, 1],
      ["waiting", 1, null],
      ["waiting", 2, null],
    ]);
    const made = await db()
      .select()
      .from(orders)
      .where(inArray(orders.userId, [people[0]!.id, people[1]!.id]));
    expect(made.map((order) => [order.status, order.paymentId, order.deliveryTotal])).toEqual([
      ["awaiting_payment", PAYMENT_IDS.online, 0],
      ["awaiting_payment", PAYMENT_IDS.online, 0],
    ]);
    // The price is the opening's, the same as a checkout's, and the buyer is told it and the deadline.
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, made[0]!.id));
    expect(lines[0]!.lineTotal).toBe(made[0]!.goodsTotal);
    expect(lines[0]!.price).toBeGreaterThan(0);
    const told = await db().select().from(notifications).where(eq(notifications.event, "order_placed"));
    expect(told.filter((message) => message.key.startsWith(`order:${made[0]!.id}:`)).length).toBeGreaterThan(0);
    // The two left waiting are told their places once, by SMS and e-mail.
    const waitingTold = await db().select().from(notifications).where(eq(notifications.event, "preorder_waiting"));
    expect(waitingTold.filter((message) => message.channel === "sms").map((message) => message.text)).toEqual([
      expect.stringContaining("ваш предзаказ (2 шт.) 1-й в очереди"),
      expect.stringContaining("ваш предзаказ (1 шт.) 2-й в очереди"),
    ]);
    // A later round serves no one twice, nor tells anyone twice.
    expect(await serveOpenedPreorders(db(), rates, new Date(opensAt.getTime() + 15_000))).toBe(0);
    expect(await db().select().from(notifications).where(eq(notifications.event, "preorder_waiting"))).toHaveLength(waitingTold.length);
  });

  it("owes the stock to the waiting line: a regular order takes only what is beyond it; a served order let go unpaid passes to the next in line", async () => {
    const coin = 13;
    const opensAt = await comingCoin(coin, 2, 3);
    const [first, second, other] = [await buyer(), await buyer(), await buyer()];
    await placePreorder(db(), first, coin, 2, new Date(Date.now()));
    await placePreorder(db(), second, coin, 1, new Date(Date.now() + 1));
    const after = new Date(opensAt.getTime() + 1);
    // Between the opening and the watch's round a quick click does not overtake the line.
    const [row] = await db().select().from(products).where(eq(products.id, coin));
    expect(await launchRefusal(db(), { userId: other.id, phone: other.phone }, [{ product: row!, quantity: 1 }], after)).toBe(preorderReservedText(row!.name));

    expect(await serveOpenedPreorders(db(), rates, opensAt)).toBe(1);
    const [order] = await db().select().from(orders).where(eq(orders.userId, first.id));
    expect(await stockOf(coin)).toBe(0);
    // The first buyer does not pay: the deadline watch lets the order go and the coins come back...
    expect(await expireOverdueOrders(db(), new Date(order!.paymentDueAt!.getTime() + 1))).toEqual([order!.number]);
    expect(await stockOf(coin)).toBe(2);
    // ...and the next round of the launch watch gives them to the next in line (one asked), the rest goes on sale.
    expect(await serveOpenedPreorders(db(), rates, new Date(order!.paymentDueAt!.getTime() + 2))).toBe(1);
    const [next] = await db().select().from(orders).where(eq(orders.userId, second.id));
    expect(next).toMatchObject({ status: "awaiting_payment" });
    expect(await stockOf(coin)).toBe(1);
    const [fresh] = await db().select().from(products).where(eq(products.id, coin));
    expect(await launchRefusal(db(), { userId: other.id, phone: other.phone }, [{ product: fresh!, quantity: 1 }], after)).toBeNull();
  });
});

describe("staff cancelling a pre-order", () => {
  it("cancel a waiting one with the reason, audited and told once; a served one, another coin's, or one already cancelled is refused, nothing written", async () => {
    const coin = 14;
    const opensAt = await comingCoin(coin, 2, 1);
    const [first, second] = [await buyer(), await buyer()];
    await placePreorder(db(), first, coin, 2, new Date(Date.now()));
    await placePreorder(db(), second, coin, 1, new Date(Date.now() + 1));
    expect(await serveOpenedPreorders(db(), rates, opensAt)).toBe(1);
    const [served, waiting] = await preordersOfCoin(db(), coin);
    const [{ sku }] = (await db().select({ sku: products.sku }).from(products).where(eq(products.id, coin))) as [{ sku: string }];
    const [{ sku: otherSku }] = (await db().select({ sku: products.sku }).from(products).where(eq(products.id, 11))) as [{ sku: string }];
    const audits = async () => (await db().select().from(auditLog).where(eq(auditLog.action, "preorder.cancel"))).length;
    const told = async () => (await db().select().from(notifications).where(eq(notifications.event, "preorder_cancelled_by_shop"))).length;

    expect(await cancelPreorderByStaff(db(), cliActor, sku, served!.id, "поздно")).toEqual({
      ok: false,
      reason: preorderTexts.staffServed(served!.id, served!.orderNumber),
    });
    expect(await cancelPreorderByStaff(db(), cliActor, otherSku, waiting!.id, "не та монета")).toEqual({
      ok: false,
      reason: preorderTexts.staffNotOfCoin(waiting!.id),
    });
    expect([await audits(), await told()]).toEqual([0, 0]);

    const both = await Promise.all([
      cancelPreorderByStaff(db(), cliActor, sku, waiting!.id, "поставка сокращена"),
      cancelPreorderByStaff(db(), cliActor, sku, waiting!.id, "поставка сокращена"),
    ]);
    expect(both.map((result) => (result.ok ? result.message : result.reason)).sort()).toEqual(
      [preorderTexts.staffCancelled(waiting!.id), preorderTexts.staffAlreadyCancelled(waiting!.id)].sort(),
    );
    const [row] = await db().select().from(preorders).where(eq(preorders.id, waiting!.id));
    expect(row).toMatchObject({ status: "cancelled", closedReason: "staff", cancelReason: "поставка сокращена" });
    // One audit row; the buyer's message by SMS and e-mail, written once.
    expect(await audits()).toBe(1);
    expect(await told()).toBe(2);
  });
});
