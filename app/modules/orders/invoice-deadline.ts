import { addDays, isTradingDay, moscowDate } from "../quotes/calendar.ts";

/**
 * Until when an invoice may be paid: to the end (Moscow midnight) of the `days`-th banking day
 * after the day it was issued. Banking days are the production calendar's working days, the
 * ones the exchange trades on, so a Friday's invoice of 3 days is due by Wednesday night.
 */
export function invoiceDueAt(issuedAt: Date, days: number): Date {
  let day = moscowDate(issuedAt);
  for (let counted = 0, guard = 0; counted < days && guard < 400; guard++) {
    day = addDays(day, 1);
    if (isTradingDay(day)) counted++;
  }
  return new Date(`${addDays(day, 1)}T00:00:00+03:00`);
}
