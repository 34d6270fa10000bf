import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { placeTestOrder } from "#tests/support/orders.ts";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { auditLog, orders } from "../db/schema.ts";
import { log } from "../shared/log.server.ts";
import type { StaffActor } from "../audit/audit.server.ts";
import { shopDayAndWeekStart } from "./dashboard.server.ts";
import { changeOrderStatusAsStaff } from "./order-actions.server.ts";
import { searchOrders } from "./order-search.server.ts";

const database = withTempDatabase("staff-orders-test", async ({ db }) => {
  await productsSeeder.run(db);
});
const db = () => database.handle.db;
const actor: StaffActor = { staffId: null, phone: "+79995550001", role: "manager", ip: "203.0.113.7" };
const auditOf = (number: string) =>
  db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.entity, `order:${number}`))
    .orderBy(asc(auditLog.id));

beforeEach(() => vi.spyOn(log, "info").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe("a status change from the back office", () => {
  it("moves the order by the operator's rules and writes one audit row per step, with who and from where", async () => {
    const order = await placeTestOrder(db());
    expect(await changeOrderStatusAsStaff(db(), actor, order.number, "paid")).toMatchObject({ ok: true, from: "awaiting_payment", to: "paid" });
    expect(await changeOrderStatusAsStaff(db(), actor, order.number, "assembling")).toMatchObject({ ok: true });
    expect(await changeOrderStatusAsStaff(db(), actor, order.number, "shipped", { trackingNumber: "rb123456789ru" })).toMatchObject({
      ok: true,
      to: "shipped",
    });
    const rows = await auditOf(order.number);
    expect(rows.map((row) => [row.before, row.after])).toEqual([
      [{ status: "awaiting_payment" }, { status: "paid" }],
      [{ status: "paid" }, { status: "assembling" }],
      [{ status: "assembling" }, { status: "shipped", trackingNumber: "RB123456789RU" }],
    ]);
    expect(rows[0]).toMatchObject({ phone: "+79995550001", role: "manager", action: "order.status", ip: "203.0.113.7" });
    const [row] = await db().select({ trackingNumber: orders.trackingNumber }).from(orders).where(eq(orders.id, order.orderId));
    expect(row!.trackingNumber).toBe("RB123456789RU");
  });

  it("a refused step changes nothing and writes no audit row", async () => {
    const order = await placeTestOrder(db());
    const change = await changeOrderStatusAsStaff(db(), actor, order.number, "shipped", { trackingNumber: "RB1" });
    expect(change.ok).toBe(false);
    expect(await changeOrderStatusAsStaff(db(), actor, order.number, "completed")).toMatchObject({ ok: false });
    expect(await auditOf(order.number)).toEqual([]);
  });

  it("if the audit row cannot be written, the status change is undone with it", async () => {
    const order = await placeTestOrder(db());
    // A staff id that does not exist breaks the audit row's foreign key, after the change was made.
    const change = changeOrderStatusAsStaff(db(), { ...actor, staffId: 999_999 }, order.number, "cancelled", { reason: "проверка" });
    await expect(change).rejects.toThrow();
    const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, order.orderId));
    expect(row!.status).toBe("awaiting_payment");
  });
});

describe("the orders list", () => {
  it("finds by number, by phone in any spelling, by surname, and by status", async () => {
    const order = await placeTestOrder(db());
    const byNumber = await searchOrders(db(), { q: order.number.slice(-6), page: 1 });
    expect(byNumber.rows.map((row) => row.number)).toContain(order.number);
    const typed = `8 (${order.phone.slice(2, 5)}) ${order.phone.slice(5, 8)}-${order.phone.slice(8, 10)}-${order.phone.slice(10)}`;
    expect((await searchOrders(db(), { q: typed, page: 1 })).rows.map((row) => row.number)).toContain(order.number);
    expect((await searchOrders(db(), { q: "%", page: 1 })).total).toBe(0);
    const paid = await searchOrders(db(), { status: "paid", page: 1 });
    expect(paid.rows.every((row) => row.status === "paid")).toBe(true);
    expect((await searchOrders(db(), { from: "2099-01-01", page: 1 })).total).toBe(0);
  });
});

describe("the shop's day and week", () => {
  it("start at Moscow midnight, the week on Monday", () => {
    // Sunday 23:30 in Moscow is still Sunday; the week began the Monday before.
    const { day, week } = shopDayAndWeekStart(new Date("2026-11-22T20:30:00Z"));
    expect(day.toISOString()).toBe("2026-11-21T21:00:00.000Z");
    expect(week.toISOString()).toBe("2026-11-15T21:00:00.000Z");
    // 00:30 on Monday in Moscow is already the new week.
    const monday = shopDayAndWeekStart(new Date("2026-11-22T21:30:00Z"));
    expect(monday.day.toISOString()).toBe("2026-11-22T21:00:00.000Z");
    expect(monday.week.toISOString()).toBe("2026-11-22T21:00:00.000Z");
  });
});
