import { SHOP_LOCALE } from "../shared/format.ts";

/**
 * How an office pickup slot reads everywhere (checkout, order pages, messages, packing slip).
 * Moscow has kept UTC+3 all year since 2014, so a slot's wall time is its UTC time plus three hours.
 */
export const MOSCOW_OFFSET_MINUTES = 180;

const dayFormatter = new Intl.DateTimeFormat(SHOP_LOCALE, { timeZone: "UTC", day: "numeric", month: "long", weekday: "short" });

/** "10:00" from minutes after midnight. */
export const clockText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The Moscow wall clock of an instant: the day (YYYY-MM-DD) and minutes after midnight. */
export function moscowWallClock(at: Date): { day: string; minutes: number } {
  const shifted = new Date(at.getTime() + MOSCOW_OFFSET_MINUTES * 60_000);
  return { day: shifted.toISOString().slice(0, 10), minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

/** "пт, 4 декабря" for a YYYY-MM-DD day. */
export function pickupDayText(day: string): string {
  return dayFormatter.format(new Date(`${day}T00:00:00Z`));
}

/** "пт, 4 декабря, 10:00–11:00 (МСК)". */
export function pickupSlotText(startsAt: Date | string, minutes: number): string {
  const start = moscowWallClock(new Date(startsAt));
  return `${pickupDayText(start.day)}, ${clockText(start.minutes)}–${clockText(start.minutes + minutes)} (МСК)`;
}
