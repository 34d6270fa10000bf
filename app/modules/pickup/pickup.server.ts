import { and, asc, eq, gte, inArray, isNull, lt, notInArray, sql } from "drizzle-orm";
import { getConfig, type PickupRules } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import { type OrderStatus, orders, pickupBookings, pickupHolidays } from "../db/schema.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import { moscowWallClock, pickupDayText, pickupSlotText } from "../delivery/pickup-slot-text.ts";
import { DELIVERY_IDS } from "../delivery/rules.ts";
import { readOfficeHours } from "./office-hours.server.ts";
import { addCalendarDays, bookableSlot, bookableSlots, parseSlotKey, type Slot, slotKeyOf, slotsOfDay } from "./slots.ts";

/**
 * Office pickup booked for a time: the slots offered with their free places, a place taken in
 * the transaction that places the order and freed when it is cancelled, staff moving a booking,
 * the holidays staff keep, and the orders not collected in time.
 */

export const pickupTexts = {
  requiredSlot: "Выберите день и время, когда заберёте заказ в офисе",
  slotTaken: "Это время уже занято: пока вы оформляли заказ, последнее место забронировали. Выберите другое время.",
  slotGone: "Это время больше недоступно для записи. Выберите другое время.",
  noSlots: "Свободного времени для самовывоза сейчас нет. Позвоните нам или выберите другой способ доставки.",
} as const;

/** Statuses whose booking no longer holds a place or needs collecting. */
const FINISHED: OrderStatus[] = ["completed", "cancelled"];

/** The pickup settings with the office's hours in force (staff's on /admin/pickup, else OFFICE_HOURS). */
export const pickupRules = async (db: Database): Promise<PickupRules> => ({ ...getConfig().pickup, officeHours: await readOfficeHours(db) });

/** The holidays from today on (Moscow), earliest first; all of them for the back office list. */
export async function listHolidays(db: Database, from?: string): Promise<Array<{ day: string; note: string }>> {
  return db
    .select({ day: pickupHolidays.day, note: pickupHolidays.note })
    .from(pickupHolidays)
    .where(from ? gte(pickupHolidays.day, from) : undefined)
    .orderBy(asc(pickupHolidays.day));
}

async function holidaySet(db: Database, now: Date): Promise<Set<string>> {
  return new Set((await listHolidays(db, moscowWallClock(now).day)).map((holiday) => holiday.day));
}

/** Places taken per slot start (ISO) between two instants. */
async function takenPlaces(db: Database, from: Date, to: Date, exceptOrderId?: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ startsAt: pickupBookings.startsAt, n: sql<number>`count(*)::int` })
    .from(pickupBookings)
    .where(
      and(
        gte(pickupBookings.startsAt, from),
        lt(pickupBookings.startsAt, to),
        exceptOrderId === undefined ? undefined : sql`${pickupBookings.orderId} <> ${exceptOrderId}`,
      ),
    )
    .groupBy(pickupBookings.startsAt);
  return new Map(rows.map((row) => [new Date(row.startsAt).toISOString(), row.n]));
}

export type OfferedSlot = Slot & { free: number };
export type OfferedDay = { day: string; label: string; slots: OfferedSlot[] };

/** The days and slots a buyer may book now, each with its free places (a full slot is shown, not offered). */
export async function offeredPickupDays(db: Database, now = new Date(), given?: PickupRules): Promise<OfferedDay[]> {
  const rules = given ?? (await pickupRules(db));
  const slots = bookableSlots(now, rules, await holidaySet(db, now));
  if (slots.length === 0) return [];
  const taken = await takenPlaces(db, slots[0]!.startsAt, new Date(slots.at(-1)!.startsAt.getTime() + 1));
  const days: OfferedDay[] = [];
  for (const slot of slots) {
    let day = days.at(-1);
    if (day?.day !== slot.day) days.push((day = { day: slot.day, label: pickupDayText(slot.day), slots: [] }));
    day.slots.push({ ...slot, free: Math.max(0, rules.capacity - (taken.get(slot.startsAt.toISOString()) ?? 0)) });
  }
  return days;
}

/** Slots of one key wait for each other: of two buyers for the last place, the second counts the first's row. */
const lockSlot = (tx: Database, startsAt: Date) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pickup:${startsAt.toISOString()}`}))`);

export type SlotBooking = { ok: true; slot: Slot } | { ok: false; reason: string };

/**
 * Checks a slot may be booked and locks it, inside the caller's transaction: bookable now, not a
 * holiday, a place left. The caller then writes the booking (bookSlot) before the transaction ends.
 */
export async function reserveSlot(tx: Database, key: string, options: { now: Date; rules?: PickupRules; exceptOrderId?: number }): Promise<SlotBooking> {
  const rules = options.rules ?? (await pickupRules(tx));
  const slot = bookableSlot(key, options.now, rules, await holidaySet(tx, options.now));
  if (!slot) return { ok: false, reason: pickupTexts.slotGone };
  await lockSlot(tx, slot.startsAt);
  const taken = await takenPlaces(tx, slot.startsAt, new Date(slot.startsAt.getTime() + 1), options.exceptOrderId);
  if ((taken.get(slot.startsAt.toISOString()) ?? 0) >= rules.capacity) return { ok: false, reason: pickupTexts.slotTaken };
  return { ok: true, slot };
}

/** The booking row of an order for a slot reserved in the same transaction. */
export async function bookSlot(tx: Database, orderId: number, slot: Slot, now: Date): Promise<void> {
  await tx.insert(pickupBookings).values({ orderId, startsAt: slot.startsAt, minutes: slot.minutes, createdAt: now });
}

/** What the order's stored delivery keeps of its slot: every page and message reads it from there. */
export const slotOfDelivery = (slot: Pick<Slot, "startsAt" | "minutes">) => ({ pickupAt: slot.startsAt.toISOString(), pickupMinutes: slot.minutes });

/** The order's place is given back (cancelled or expired): in the transaction of that change. */
export async function freeSlot(tx: Database, orderId: number): Promise<void> {
  await tx.delete(pickupBookings).where(eq(pickupBookings.orderId, orderId));
}

/** `from` is null when the order had no time booked before. */
export type MoveResult = { ok: true; from: string | null; to: string } | { ok: false; reason: string };

/**
 * Staff move an order's booking to another slot with a free place, or book one for an office-pickup
 * order taken without a time; the order's delivery follows, and the audit log records it.
 */
export async function moveBooking(db: Database, actor: StaffActor, orderId: number, key: string, now = new Date()): Promise<MoveResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ number: orders.number, delivery: orders.delivery, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    const [booking] = await tx.select().from(pickupBookings).where(eq(pickupBookings.orderId, orderId));
    const office = (order?.delivery as { id?: number } | undefined)?.id === DELIVERY_IDS.officePickup;
    if (!order || !office || FINISHED.includes(order.status)) return { ok: false, reason: "Такой записи нет" } as const;
    if (booking && slotKeyOf(new Date(booking.startsAt)) === key) return { ok: false, reason: "Заказ уже записан на это время" } as const;
    const reserved = await reserveSlot(tx, key, { now, exceptOrderId: orderId });
    if (!reserved.ok) return reserved;
    const from = booking ? pickupSlotText(booking.startsAt, booking.minutes) : null;
    const to = pickupSlotText(reserved.slot.startsAt, reserved.slot.minutes);
    if (booking)
      await tx
        .update(pickupBookings)
        .set({ startsAt: reserved.slot.startsAt, minutes: reserved.slot.minutes, remindedAt: null })
        .where(eq(pickupBookings.orderId, orderId));
    else await bookSlot(tx, orderId, reserved.slot, now);
    await tx
      .update(orders)
      .set({ delivery: { ...(order.delivery as Record<string, unknown>), ...slotOfDelivery(reserved.slot) }, updatedAt: now })
      .where(eq(orders.id, orderId));
    await writeAudit(tx, actor, { action: "pickup.move", entity: `order:${order.number}`, before: { slot: from }, after: { slot: to } }, now);
    return { ok: true, from, to } as const;
  });
}

/** Whether a booking's order is flagged: its slot ended more than `uncollectedDays` ago and it is still not collected. */
export function isUncollected(
  booking: { startsAt: Date; minutes: number; status: OrderStatus },
  now: Date,
  rules: Pick<PickupRules, "uncollectedDays">,
): boolean {
  if (FINISHED.includes(booking.status)) return false;
  const end = new Date(booking.startsAt).getTime() + booking.minutes * 60_000;
  return end + rules.uncollectedDays * 86_400_000 <= now.getTime();
}

/** The ids of orders booked for office pickup and not collected in time (for the orders list's flag). */
export async function uncollectedOrderIds(
  db: Database,
  orderIds: readonly number[],
  now = new Date(),
  rules: Pick<PickupRules, "uncollectedDays"> = getConfig().pickup,
): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: pickupBookings.orderId, startsAt: pickupBookings.startsAt, minutes: pickupBookings.minutes, status: orders.status })
    .from(pickupBookings)
    .innerJoin(orders, eq(orders.id, pickupBookings.orderId))
    .where(inArray(pickupBookings.orderId, [...orderIds]));
  return new Set(rows.filter((row) => isUncollected(row, now, rules)).map((row) => row.orderId));
}

export type ScheduleBooking = {
  orderId: number;
  number: string;
  status: OrderStatus;
  buyer: string;
  phone: string;
  slotKey: string;
  uncollected: boolean;
};

export type DaySchedule = {
  day: string;
  label: string;
  holiday: boolean;
  slots: Array<{ key: string; label: string; free: number; bookings: ScheduleBooking[] }>;
  /** Bookings on this day outside its slots now (the hours or the slot length changed, or a holiday was added after booking). */
  stray: ScheduleBooking[];
  /** Office-pickup orders still open with no time booked (taken by staff «без времени»): staff book one. */
  unbooked: ScheduleBooking[];
  /** Every not-collected order, whatever its day: staff call them. */
  uncollected: ScheduleBooking[];
  /** Slots a booking may be moved to (bookable now, with a free place). */
  moveTargets: Array<{ key: string; label: string }>;
};

/** Slots a booking may be moved to: bookable now, with a free place («пт, 4 декабря, 10:00–11:00»). */
export async function moveTargets(db: Database, now = new Date(), given?: PickupRules): Promise<Array<{ key: string; label: string }>> {
  const offered = await offeredPickupDays(db, now, given);
  return offered.flatMap((offeredDay) =>
    offeredDay.slots.filter((slot) => slot.free > 0).map((slot) => ({ key: slot.key, label: `${offeredDay.label}, ${slot.label}` })),
  );
}

/**
 * An office-pickup order's booking for its back-office page: the slot booked (Moscow) or none, the
 * slots it may be moved to, and whether the slot is outside the office's hours now; null for any
 * other delivery or a finished order (nothing to move).
 */
export async function orderPickup(
  db: Database,
  order: { id: number; status: OrderStatus; delivery: unknown },
  now = new Date(),
): Promise<{ slotKey: string; slot: string | null; outsideHours: boolean; targets: Array<{ key: string; label: string }> } | null> {
  if ((order.delivery as { id?: number } | undefined)?.id !== DELIVERY_IDS.officePickup || FINISHED.includes(order.status)) return null;
  const rules = await pickupRules(db);
  const [[booking], holidays] = await Promise.all([
    db.select().from(pickupBookings).where(eq(pickupBookings.orderId, order.id)),
    listHolidays(db).then((rows) => new Set(rows.map((row) => row.day))),
  ]);
  const slotKey = booking ? slotKeyOf(new Date(booking.startsAt)) : "";
  const outsideHours = booking ? !slotsOfDay(slotKey.slice(0, 10), rules, holidays).some((slot) => slot.key === slotKey) : false;
  return {
    slotKey,
    slot: booking ? pickupSlotText(booking.startsAt, booking.minutes) : null,
    outsideHours,
    targets: (await moveTargets(db, now, rules)).filter((target) => target.key !== slotKey),
  };
}

/** One day's schedule for the back office: each slot with its bookings, and the orders not collected in time. */
export async function daySchedule(db: Database, day: string, now = new Date(), given?: PickupRules): Promise<DaySchedule> {
  const rules = given ?? (await pickupRules(db));
  const holidays = new Set((await listHolidays(db)).map((holiday) => holiday.day));
  const from = parseSlotKey(`${day}T00:00`)!.startsAt;
  const to = parseSlotKey(`${addCalendarDays(day, 1)}T00:00`)!.startsAt;
  const columns = {
    orderId: pickupBookings.orderId,
    startsAt: pickupBookings.startsAt,
    minutes: pickupBookings.minutes,
    number: orders.number,
    status: orders.status,
    contact: orders.contact,
  };
  const toBooking = (row: {
    orderId: number;
    startsAt: Date;
    minutes: number;
    number: string;
    status: OrderStatus;
    contact: { name: string; lastName: string; phone: string };
  }) => ({
    orderId: row.orderId,
    number: row.number,
    status: row.status,
    buyer: [row.contact.lastName, row.contact.name].filter(Boolean).join(" "),
    phone: row.contact.phone,
    slotKey: slotKeyOf(new Date(row.startsAt)),
    uncollected: isUncollected(row, now, rules),
  });
  const [ofDay, open] = await Promise.all([
    db
      .select(columns)
      .from(pickupBookings)
      .innerJoin(orders, eq(orders.id, pickupBookings.orderId))
      .where(and(gte(pickupBookings.startsAt, from), lt(pickupBookings.startsAt, to), notInArray(orders.status, ["cancelled"])))
      .orderBy(asc(pickupBookings.startsAt), asc(orders.id)),
    db
      .select(columns)
      .from(pickupBookings)
      .innerJoin(orders, eq(orders.id, pickupBookings.orderId))
      .where(and(lt(pickupBookings.startsAt, now), notInArray(orders.status, FINISHED)))
      .orderBy(asc(pickupBookings.startsAt)),
  ]);
  const bookings = ofDay.map(toBooking);
  const unbooked = await db
    .select({ orderId: orders.id, number: orders.number, status: orders.status, contact: orders.contact })
    .from(orders)
    .leftJoin(pickupBookings, eq(pickupBookings.orderId, orders.id))
    .where(and(sql`${orders.delivery}->>'id' = ${String(DELIVERY_IDS.officePickup)}`, isNull(pickupBookings.orderId), notInArray(orders.status, FINISHED)))
    .orderBy(asc(orders.id))
    .limit(100);
  const slots = slotsOfDay(day, rules, holidays).map((slot) => {
    const here = bookings.filter((booking) => booking.slotKey === slot.key);
    return { key: slot.key, label: slot.label, free: Math.max(0, rules.capacity - here.length), bookings: here };
  });
  const inSlots = new Set(slots.map((slot) => slot.key));
  return {
    day,
    label: pickupDayText(day),
    holiday: holidays.has(day),
    slots,
    stray: bookings.filter((booking) => !inSlots.has(booking.slotKey)),
    unbooked: unbooked.map((row) => ({
      orderId: row.orderId,
      number: row.number,
      status: row.status,
      buyer: [row.contact.lastName, row.contact.name].filter(Boolean).join(" "),
      phone: row.contact.phone,
      slotKey: "",
      uncollected: false,
    })),
    uncollected: open.map(toBooking).filter((booking) => booking.uncollected),
    moveTargets: await moveTargets(db, now, rules),
  };
}

/** Staff add a holiday (a day the office is closed); bookings already on it stay and show in the schedule to be moved. */
export async function addHoliday(db: Database, actor: StaffActor, day: string, note: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const added = await tx.insert(pickupHolidays).values({ day, note, createdAt: now }).onConflictDoNothing().returning({ day: pickupHolidays.day });
    if (added.length === 0) return false;
    await writeAudit(tx, actor, { action: "pickup.holiday.add", entity: `holiday:${day}`, before: null, after: { day, note } }, now);
    return true;
  });
}

export async function removeHoliday(db: Database, actor: StaffActor, day: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(pickupHolidays).where(eq(pickupHolidays.day, day)).returning({ day: pickupHolidays.day, note: pickupHolidays.note });
    if (removed.length === 0) return false;
    await writeAudit(tx, actor, { action: "pickup.holiday.remove", entity: `holiday:${day}`, before: removed[0]!, after: null }, now);
    return true;
  });
}

/**
 * Bookings whose slot is tomorrow (Moscow) and whose reminder has not gone: the reminder job
 * claims each one (remindedAt) in the transaction that writes its message, so it goes once.
 */
export async function claimReminder(tx: Database, orderId: number, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(pickupBookings)
    .set({ remindedAt: now })
    .where(and(eq(pickupBookings.orderId, orderId), isNull(pickupBookings.remindedAt)))
    .returning({ orderId: pickupBookings.orderId });
  return claimed.length > 0;
}

export async function remindersDue(db: Database, now: Date, limit = 100): Promise<number[]> {
  const tomorrow = addCalendarDays(moscowWallClock(now).day, 1);
  const from = parseSlotKey(`${tomorrow}T00:00`)!.startsAt;
  const to = parseSlotKey(`${addCalendarDays(tomorrow, 1)}T00:00`)!.startsAt;
  const rows = await db
    .select({ orderId: pickupBookings.orderId })
    .from(pickupBookings)
    .innerJoin(orders, eq(orders.id, pickupBookings.orderId))
    .where(and(isNull(pickupBookings.remindedAt), gte(pickupBookings.startsAt, from), lt(pickupBookings.startsAt, to), notInArray(orders.status, FINISHED)))
    .orderBy(asc(pickupBookings.startsAt))
    .limit(limit);
  return rows.map((row) => row.orderId);
}
