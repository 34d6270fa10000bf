import { formatDateTime, formatTime } from "../shared/format.ts";

/**
 * "14:35" when the deadline is within half a day of `from`, else "24.11.2026, 14:35", Moscow
 * time: how the pages and the messages say by when an order must be paid.
 */
export function paymentDeadlineText(dueAt: string | Date, from: string | Date): string {
  const due = new Date(dueAt);
  const withinHalfDay = due.getTime() - new Date(from).getTime() <= 12 * 60 * 60 * 1000;
  return withinHalfDay ? formatTime(due) : formatDateTime(due);
}

/** The payment window in the genitive, as "в течение …" needs: "30 минут", "1 часа", "2 часов", "1 суток". */
export function paymentWindowText(minutes: number): string {
  if (minutes % (24 * 60) === 0) return `${minutes / (24 * 60)} суток`;
  if (minutes % 60 === 0) return `${minutes / 60} ${minutes === 60 ? "часа" : "часов"}`;
  return `${minutes} ${minutes % 10 === 1 && minutes % 100 !== 11 ? "минуты" : "минут"}`;
}
