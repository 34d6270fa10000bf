import { addDays, moscowDate } from "../quotes/calendar.ts";
import { invoicePayBy } from "../invoices/invoice.ts";

/**
 * Until when a return may be asked for: to the end (Moscow midnight) of the `days`-th calendar
 * day after the day the buyer received the order. A period in days starts the day after its event
 * (ГК РФ ст. 191) and ends at the end of its last day (ст. 194), both counted in Moscow, where the
 * shop is: an order received on the 1st at any hour may go back until the 8th, 23:59.
 */
export function returnDueAt(receivedAt: Date, days: number): Date {
  return new Date(`${addDays(moscowDate(receivedAt), days + 1)}T00:00:00+03:00`);
}

/** Days the law gives the shop to return the money, from the day of the buyer's demand (ЗоЗПП ст. 26.1 п. 4). */
export const REFUND_DAYS = 10;

/** Whether the period is still running at `now`. */
export const withinReturnPeriod = (receivedAt: Date, days: number, now: Date) => now.getTime() < returnDueAt(receivedAt, days).getTime();

/** The last day of the period as the pages say it: "05.12.2026" (the day a Moscow midnight ends, as an invoice's). */
export const returnLastDayText = (receivedAt: Date, days: number) => invoicePayBy(returnDueAt(receivedAt, days));
