/**
 * The one reader of a date typed by a buyer or a member of staff: the ways people write one
 * (14.03.1980, 1.4.2020, 01/04/2020, 1980-03-14 as a date input sends it) become "ГГГГ-ММ-ДД".
 * Pure and shared by the server and the page.
 */

/** Day, month and year as typed, or null when the text is not written as a date at all. */
function dateParts(input: string): { year: string; month: string; day: string } | null {
  const value = input.trim();
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value);
  if (dayFirst) return { day: dayFirst[1]!, month: dayFirst[2]!, year: dayFirst[3]! };
  const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (yearFirst) return { year: yearFirst[1]!, month: yearFirst[2]!, day: yearFirst[3]! };
  return null;
}

export type DateReading = { kind: "date"; iso: string } | { kind: "no-such-date" } | { kind: "not-a-date" };

/** What a typed date is: a real day, a day that does not exist (31.02), or not a date. */
export function readDate(input: string): DateReading {
  const parts = dateParts(input);
  if (!parts) return { kind: "not-a-date" };
  const iso = `${parts.year}-${parts.month.padStart(2, "0")}-${parts.day.padStart(2, "0")}`;
  const date = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)));
  return date.toISOString().slice(0, 10) === iso ? { kind: "date", iso } : { kind: "no-such-date" };
}

/** A typed date as "ГГГГ-ММ-ДД", or null when it is no real date. */
export function parseDate(input: string): string | null {
  const reading = readDate(input);
  return reading.kind === "date" ? reading.iso : null;
}
