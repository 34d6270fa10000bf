import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { officePickupDelivery, placeTestOrder, testRates } from "#tests/support/orders.ts";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { notifications, orderLines, orders, pickupBookings } from "../db/schema.ts";
import { pickupSlotOf } from "../delivery/order-delivery.ts";
import { editOrder } from "./edit-order.server.ts";
import { log } from "../shared/log.server.ts";
import { parseSlotKey } from "../pickup/slots.ts";
import { uncollectedOrderIds } from "../pickup/pickup.server.ts";
import { changeOrderStatus } from "./operator.server.ts";
import { expireOverdueOrders } from "./expiry.server.ts";
import { sendPickupReminders } from "./pickup-reminders.server.ts";

const database = withTempDatabase("pickup-reminders-test", async ({ db }) => {
  await productsSeeder.run(db);
});
const db = () => database.handle.db;
const rules = { slotMinutes: 60, capacity: 2, daysAhead: 14, uncollectedDays: 3 };

beforeEach(() => vi.spyOn(log, "info").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

/** An office-pickup order whose booking is moved to this Moscow slot (the clock of the test, not the machine's). */
async function bookedFor(key: string) {
  const order = await placeTestOrder(db(), { delivery: officePickupDelivery });
  await db()
    .update(pickupBookings)
    .set({ startsAt: parseSlotKey(key)!.startsAt })
    .where(eq(pickupBookings.orderId, order.orderId));
  return order;
}

const reminders = (orderId: number) =>
  db()
    .select({ channel: notifications.channel, text: notifications.text })
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId), eq(notifications.event, "pickup_reminder")));

describe("the day-before reminder of an office pickup", () => {
  it("goes once, the day before in Moscow, with the slot and the office", async () => {
    const order = await bookedFor("2026-12-04T11:00");
    // Thursday 3 December, 09:00 UTC: 12:00 in Moscow, the day before.
    const thursday = new Date("2026-12-03T09:00:00Z");
    // Two days before: nothing yet.
    expect(await sendPickupReminders(db(), new Date("2026-12-02T09:00:00Z"))).not.toContain(order.orderId);
    expect(await sendPickupReminders(db(), thursday)).toContain(order.orderId);
    expect(await sendPickupReminders(db(), new Date(thursday.getTime() + 60_000))).not.toContain(order.orderId);
    const sent = await reminders(order.orderId);
    const sms = sent.filter((message) => message.channel === "sms");
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain("завтра, пт, 4 декабря, 11:00–12:00 (МСК)");
    expect(sms[0]!.text).toContain("Мясницкая");
  });

  it("uses the Moscow day: 22:30 UTC on Wednesday is already Thursday in Moscow", async () => {
    const order = await bookedFor("2026-12-04T10:00");
    expect(await sendPickupReminders(db(), new Date("2026-12-02T20:30:00Z"))).not.toContain(order.orderId);
    expect(await sendPickupReminders(db(), new Date("2026-12-02T21:30:00Z"))).toContain(order.orderId);
  });

  it("is not sent for a cancelled order, whose place is given back", async () => {
    const order = await bookedFor("2026-12-04T12:00");
    expect((await changeOrderStatus(db(), order.number, "cancelled", { reason: "Покупатель передумал" })).ok).toBe(true);
    expect(await db().select().from(pickupBookings).where(eq(pickupBookings.orderId, order.orderId))).toEqual([]);
    expect(await sendPickupReminders(db(), new Date("2026-12-03T09:00:00Z"))).not.toContain(order.orderId);
  });
});

describe("an office-pickup order", () => {
  it("expired unpaid frees its place", async () => {
    const order = await placeTestOrder(db(), { delivery: officePickupDelivery });
    expect(await db().select().from(pickupBookings).where(eq(pickupBookings.orderId, order.orderId))).toHaveLength(1);
    await expireOverdueOrders(db(), new Date(Date.now() + 30 * 86_400_000));
    expect(await db().select().from(pickupBookings).where(eq(pickupBookings.orderId, order.orderId))).toEqual([]);
  });

  it("is flagged not collected only when the setting's days after its slot have passed", async () => {
    const order = await bookedFor("2026-12-04T10:00");
    const flagged = (at: string) => uncollectedOrderIds(db(), [order.orderId], new Date(at), rules);
    // The slot ends at 11:00 Moscow (08:00 UTC) on the 4th; three days later is the 7th, 08:00 UTC.
    expect((await flagged("2026-12-07T07:59:00Z")).has(order.orderId)).toBe(false);
    expect((await flagged("2026-12-07T08:00:00Z")).has(order.orderId)).toBe(true);
  });
});

describe("an office-pickup order edited by staff", () => {
  const actor = { staffId: null, phone: "cli", role: "operator", ip: null };
  async function edit(number: string, delivery: Record<string, unknown>) {
    const [order] = await db().select().from(orders).where(eq(orders.number, number));
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    return editOrder(
      db(),
      actor,
      number,
      {
        lines: lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
        delivery: { record: delivery, price: 0, city: order!.city },
        contact: null,
      },
      {
        version: order!.version,
        shown: { lines: lines.map((line) => [line.productId, line.quantity] as [number, number]), total: order!.total, status: order!.status },
        seenTotal: order!.goodsTotal,
        rates: testRates,
      },
    );
  }

  it("keeps its slot when the delivery stays office pickup, and gives the place back when it changes", async () => {
    const order = await placeTestOrder(db(), { delivery: officePickupDelivery });
    const [before] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    const slot = pickupSlotOf(before!.delivery);
    expect(slot).not.toBeNull();
    expect((await edit(order.number, officePickupDelivery)).kind).toBe("saved");
    const [kept] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(pickupSlotOf(kept!.delivery)).toBe(slot);
    expect(await db().select().from(pickupBookings).where(eq(pickupBookings.orderId, order.orderId))).toHaveLength(1);
    expect((await edit(order.number, { id: 79, type: "sdek", courier: false, name: "Пункт выдачи СДЭК" })).kind).toBe("saved");
    expect(await db().select().from(pickupBookings).where(eq(pickupBookings.orderId, order.orderId))).toEqual([]);
  });
});
