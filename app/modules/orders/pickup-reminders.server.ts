import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { orders, pickupBookings } from "../db/schema.ts";
import { pickupSlotText } from "../delivery/pickup-slot-text.ts";
import { recordNotifications } from "../notifications/outbox.server.ts";
import { claimReminder, remindersDue } from "../pickup/pickup.server.ts";
import { orderFacts } from "./lifecycle.server.ts";

/**
 * The day before an office pickup, the buyer is reminded through the outbox. Each booking is
 * claimed in the transaction that writes its message, so two rounds (or two instances) never
 * send it twice; a booking moved to another day is claimed afresh.
 */
export async function sendPickupReminders(db: Database, now = new Date()): Promise<number[]> {
  const sent: number[] = [];
  for (const orderId of await remindersDue(db, now)) {
    const done = await db.transaction(async (tx) => {
      if (!(await claimReminder(tx, orderId, now))) return false;
      const [row] = await tx
        .select({ order: orders, startsAt: pickupBookings.startsAt, minutes: pickupBookings.minutes })
        .from(pickupBookings)
        .innerJoin(orders, eq(orders.id, pickupBookings.orderId))
        .where(eq(pickupBookings.orderId, orderId));
      if (!row) return false;
      const slot = pickupSlotText(row.startsAt, row.minutes);
      await recordNotifications(tx, { kind: "pickup_reminder", order: await orderFacts(tx, row.order), slot }, undefined, now);
      return true;
    });
    if (done) sent.push(orderId);
  }
  return sent;
}
