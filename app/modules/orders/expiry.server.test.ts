import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { placeTestOrder } from "#tests/support/orders.ts";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { orders, products } from "../db/schema.ts";
import { completeSandboxPayment, startPayment } from "./payments.server.ts";
import { createSandboxProvider } from "../payments/sandbox.server.ts";
import { log } from "../shared/log.server.ts";
import { expireOverdueOrders } from "./expiry.server.ts";
import { findOrderByNumber } from "./operator.server.ts";

const database = withTempDatabase("expiry-test", async ({ db }) => {
  await productsSeeder.run(db);
});
const db = () => database.handle.db;
const publicUrl = "https://shop.example";

beforeEach(() => vi.spyOn(log, "info").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

async function stockOf(productId: number) {
  const [row] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

describe("the payment deadline", () => {
  it("cancels an unpaid online order after its deadline, puts the coins back and says why; not a minute before", async () => {
    const order = await placeTestOrder(db(), { lines: [{ productId: 5, quantity: 2 }] });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    const due = row!.paymentDueAt!;
    expect(due.getTime() - row!.createdAt.getTime()).toBe(60 * 60_000);
    const stock = await stockOf(5);

    expect(await expireOverdueOrders(db(), new Date(due.getTime() - 1000))).toEqual([]);
    expect(await expireOverdueOrders(db(), due)).toEqual([order.number]);
    const found = (await findOrderByNumber(db(), order.number))!;
    expect(found).toMatchObject({ status: "cancelled", cancelReason: "Время на оплату истекло" });
    expect(found.history.at(-1)).toMatchObject({ status: "cancelled", note: "Время на оплату истекло" });
    expect(await stockOf(5)).toBe(stock + 2);
    // Once only.
    expect(await expireOverdueOrders(db(), new Date(due.getTime() + 60_000))).toEqual([]);
  });

  it("leaves alone an order paid in time, an order paid on receipt, and refuses a new payment after the deadline", async () => {
    const paid = await placeTestOrder(db());
    const sandbox = createSandboxProvider(db(), { publicUrl });
    const started = await startPayment(db(), sandbox, { id: paid.orderId }, { publicUrl });
    await completeSandboxPayment(db(), (started as { url: string }).url.split("/").pop()!, "pay", publicUrl);
    const onReceipt = await placeTestOrder(db(), { paymentId: 6 });
    const late = await placeTestOrder(db());
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);

    // Past the deadline, before the watch came round: no payment starts.
    await db()
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, late.orderId));
    expect(await startPayment(db(), sandbox, { id: late.orderId }, { publicUrl })).toEqual({
      kind: "failed",
      reason: "Время на оплату истекло: заказ будет отменён, монеты вернутся в продажу. Оформите заказ заново.",
    });

    const expired = await expireOverdueOrders(db(), tomorrow);
    expect(expired).toContain(late.number);
    expect(expired).not.toContain(paid.number);
    expect(expired).not.toContain(onReceipt.number);
    expect((await findOrderByNumber(db(), paid.number))!.status).toBe("paid");
    expect((await findOrderByNumber(db(), onReceipt.number))!.status).toBe("new");
  });
});
