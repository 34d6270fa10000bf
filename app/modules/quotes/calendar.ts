import { SHOP_TIME_ZONE } from "../shared/format.ts";

/**
 * Dates of the metal market, in Moscow time. A trading date is written "YYYY-MM-DD".
 */
const dateParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  weekday: "short",
});

export type MoscowClock = { date: string; weekday: number; minutes: number };

/** The Moscow calendar date, weekday (1 = Monday … 7 = Sunday) and minutes since midnight. */
export function moscowClock(at: Date): MoscowClock {
  const parts = Object.fromEntries(dateParts.formatToParts(at).map((part) => [part.type, part.value]));
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday!) + 1;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

export function moscowDate(at: Date): string {
  return moscowClock(at).date;
}

/** Days since 1970-01-01 of a "YYYY-MM-DD" date. */
export function epochDay(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 1 = Monday … 7 = Sunday. */
export function weekdayOf(date: string): number {
  return ((epochDay(date) + 3) % 7) + 1;
}

/**
 * Non-working days of the Russian production calendar on which the exchange does not
 * trade (public holidays and the days they are moved to). Weekends are closed anyway.
 */
export const marketHolidays = new Set([
  "2026-01-01",
  "2026-01-02",
  "2026-01-05",
  "2026-01-06",
  "2026-01-07",
  "2026-01-08",
  "2026-01-09",
  "2026-02-23",
  "2026-03-09",
  "2026-05-01",
  "2026-05-11",
  "2026-06-12",
  "2026-11-04",
  "2026-12-31",
  "2027-01-01",
  "2027-01-04",
  "2027-01-05",
  "2027-01-06",
  "2027-01-07",
  "2027-01-08",
  "2027-02-23",
  "2027-03-08",
  "2027-05-03",
  "2027-05-10",
  "2027-06-14",
  "2027-11-04",
  "2027-12-31",
]);

export function isTradingDay(date: string): boolean {
  return weekdayOf(date) <= 5 && !marketHolidays.has(date);
}

/** Moscow Exchange's metals session: weekdays 07:00–23:50 Moscow time, not on holidays. */
export const MARKET_OPENS_AT_MINUTES = 7 * 60;
export const MARKET_CLOSES_AT_MINUTES = 23 * 60 + 50;

export function isMarketOpen(at: Date): boolean {
  const clock = moscowClock(at);
  return isTradingDay(clock.date) && clock.minutes >= MARKET_OPENS_AT_MINUTES && clock.minutes < MARKET_CLOSES_AT_MINUTES;
}

/** The trading day at or before `date`. */
export function tradingDayOnOrBefore(date: string): string {
  let day = date;
  for (let guard = 0; guard < 30 && !isTradingDay(day); guard++) day = addDays(day, -1);
  return day;
}
