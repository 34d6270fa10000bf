import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { placeTestOrder } from "#tests/support/orders.ts";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { auditLog, orderLines, orders, payments, refunds } from "../db/schema.ts";
import { changeOrderStatus } from "../orders/operator.server.ts";
import { completeSandboxPayment, latestPayment, startPayment } from "../orders/payments.server.ts";
import { createSandboxProvider } from "../payments/sandbox.server.ts";
import { log } from "../shared/log.server.ts";
import type { StaffActor } from "../audit/audit.server.ts";
import { refundOrderAsStaff } from "./order-extras.server.ts";

const database = withTempDatabase("staff-refunds-test", async ({ db }) => {
  await productsSeeder.run(db);
});
const db = () => database.handle.db;
const actor: StaffActor = { staffId: null, phone: "+79995550002", role: "manager", ip: null };
const publicUrl = "https://shop.example";
const sandbox = () => createSandboxProvider(db(), { publicUrl });

beforeEach(() => {
  vi.spyOn(log, "info").mockImplementation(() => {});
  vi.spyOn(log, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function paidOrder() {
  const order = await placeTestOrder(db(), { lines: [{ productId: 1, quantity: 2 }] });
  expect((await startPayment(db(), sandbox(), { id: order.orderId }, { publicUrl })).kind).toBe("redirect");
  await completeSandboxPayment(db(), (await latestPayment(db(), order.orderId))!.providerPaymentId!, "pay", publicUrl);
  return order;
}
const versionOf = async (orderId: number) => (await db().select({ version: orders.version }).from(orders).where(eq(orders.id, orderId)))[0]!.version;
const refundsOf = (orderId: number) => db().select().from(refunds).where(eq(refunds.orderId, orderId));

describe("a refund by the staff", () => {
  it("is refused before handover: the order is cancelled instead", async () => {
    const order = await paidOrder();
    const refused = await refundOrderAsStaff(db(), actor, order.number, { version: await versionOf(order.orderId), all: "1", quantities: [] }, sandbox());
    expect(refused).toEqual({ ok: false, reason: "Вернуть деньги можно по отменённому или выполненному заказу: до передачи покупателю отмените заказ." });
    expect(await refundsOf(order.orderId)).toEqual([]);
  });

  it("never gives back more than was paid minus what went back: refused, nothing written, nothing sent", async () => {
    const order = await paidOrder();
    expect((await changeOrderStatus(db(), order.number, "cancelled")).ok).toBe(true);
    // The payment took less than the lines come to (e.g. part of it was given back outside the shop's record).
    const paid = await latestPayment(db(), order.orderId);
    await db()
      .update(payments)
      .set({ amount: paid!.amount - 1 })
      .where(eq(payments.id, paid!.id));
    const refunded = vi.fn();
    const provider = { ...sandbox(), refundPayment: refunded };
    const refused = await refundOrderAsStaff(db(), actor, order.number, { version: await versionOf(order.orderId), all: "1", quantities: [] }, provider);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toMatch(/^Возврат .+ больше, чем осталось от оплаты: .+\.$/);
    expect(await refundsOf(order.orderId)).toEqual([]);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, `order:${order.number}`)),
    ).toEqual([]);
    expect(refunded).not.toHaveBeenCalled();
    // One coin of two fits in what is left, and goes back.
    const [line] = await db().select({ id: orderLines.id, price: orderLines.price }).from(orderLines).where(eq(orderLines.orderId, order.orderId));
    const done = await refundOrderAsStaff(
      db(),
      actor,
      order.number,
      { version: await versionOf(order.orderId), quantities: [{ lineId: line!.id, quantity: 1 }] },
      sandbox(),
    );
    expect(done.ok).toBe(true);
    expect((await refundsOf(order.orderId)).map((row) => [row.amount, row.status])).toEqual([[line!.price, "succeeded"]]);
  });
});
