import { clockText, MOSCOW_OFFSET_MINUTES, moscowWallClock } from "../delivery/pickup-slot-text.ts";
import type { PickupRules } from "../config/config.server.ts";

/**
 * The office's pickup slots (pure): which days and times a buyer may book, from the office's
 * hours per weekday, the holidays staff keep and the settings. A slot is named by its Moscow wall
 * time, "2026-12-04T10:00", which is what the forms post.
 */

/** The settings that make the slots; `officeHours`: the hours in force (staff's, else OFFICE_HOURS). */
export type SlotRules = Pick<PickupRules, "slotMinutes" | "capacity" | "daysAhead" | "officeHours">;

export type Slot = { key: string; day: string; startsAt: Date; minutes: number; label: string };

const SLOT_KEY = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** "2026-12-04T10:00" → its day and start, or null for anything else (a hostile post, a non-date). */
export function parseSlotKey(key: string): { day: string; minutes: number; startsAt: Date } | null {
  const match = SLOT_KEY.exec(key);
  if (!match) return null;
  const [, day, hours, mins] = match;
  const minutes = Number(hours) * 60 + Number(mins);
  const midnight = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== day || minutes >= 24 * 60) return null;
  return { day: day!, minutes, startsAt: new Date(midnight + (minutes - MOSCOW_OFFSET_MINUTES) * 60_000) };
}

/** The key of a slot starting at this instant. */
export function slotKeyOf(startsAt: Date): string {
  const wall = moscowWallClock(startsAt);
  return `${wall.day}T${clockText(wall.minutes)}`;
}

const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The slots of one day: none on a weekend or a holiday; whole slots within the day's hours. */
export function slotsOfDay(day: string, rules: Pick<SlotRules, "slotMinutes" | "officeHours">, holidays: ReadonlySet<string>): Slot[] {
  const hours = rules.officeHours[isoWeekday(day) - 1];
  if (!hours || holidays.has(day)) return [];
  const slots: Slot[] = [];
  for (let start = hours.opens; start + rules.slotMinutes <= hours.closes; start += rules.slotMinutes) {
    const key = `${day}T${clockText(start)}`;
    slots.push({
      key,
      day,
      startsAt: parseSlotKey(key)!.startsAt,
      minutes: rules.slotMinutes,
      label: `${clockText(start)}–${clockText(start + rules.slotMinutes)}`,
    });
  }
  return slots;
}

/**
 * The days a buyer may book, from tomorrow (Moscow) on for `daysAhead` calendar days: the order
 * is assembled first, so today is never offered.
 */
export function bookableDays(now: Date, rules: Pick<SlotRules, "daysAhead">): string[] {
  const today = moscowWallClock(now).day;
  return Array.from({ length: rules.daysAhead }, (_, index) => addDays(today, index + 1));
}

/** The slots a buyer may book now, in time order. */
export function bookableSlots(now: Date, rules: SlotRules, holidays: ReadonlySet<string>): Slot[] {
  return bookableDays(now, rules).flatMap((day) => slotsOfDay(day, rules, holidays));
}

/** The slot this key names, if it may be booked now. */
export function bookableSlot(key: string, now: Date, rules: SlotRules, holidays: ReadonlySet<string>): Slot | undefined {
  const parsed = parseSlotKey(key);
  if (!parsed || !bookableDays(now, rules).includes(parsed.day)) return undefined;
  return slotsOfDay(parsed.day, rules, holidays).find((slot) => slot.key === key);
}

/** The Moscow day before a slot's day: when its reminder goes. */
export const dayBefore = (day: string) => addDays(day, -1);
export { addDays as addCalendarDays };
