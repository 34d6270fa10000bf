/**
 * The office's hours per weekday, Moscow time (decision 061): what the pickup slots fill and what
 * /contacts, the footer and the order pages tell a buyer, from one value. Written as an office
 * manager writes them, «пн–чт 10:00–18:00; пт 10:00–17:00» (days not named are closed), for the
 * OFFICE_HOURS setting; staff change them per weekday on /admin/pickup.
 */

/** One weekday's hours in minutes after midnight; null: closed. */
export type DayHours = { opens: number; closes: number } | null;
/** Monday first, seven days. */
export type OfficeHours = readonly DayHours[];

export const WEEKDAY_SHORT = ["пн", "вт", "ср", "чт", "пт", "сб", "вс"] as const;
export const WEEKDAY_NAMES = ["Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота", "Воскресенье"] as const;
const SCHEMA_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** The spec's hours: Mon–Thu 10:00–18:00, Fri 10:00–17:00. */
export const DEFAULT_OFFICE_HOURS_TEXT = "пн–чт 10:00–18:00; пт 10:00–17:00";

const CLOCK = /^([01]?\d|2[0-4]):([0-5]\d)$/;

/** "10:00" → 600, "24:00" → 1440; null for anything else. */
export function parseClock(text: string): number | null {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** 600 → "10:00". */
export const clockOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * What is wrong with a day's hours, in Russian, or null: opens before it closes, within the day,
 * and the open hours a whole number of pickup slots (else the last part could not be booked).
 */
export function dayHoursIssue(hours: { opens: number; closes: number }, slotMinutes: number): string | null {
  if (hours.opens < 0 || hours.closes > 24 * 60) return "время от 00:00 до 24:00";
  if (hours.opens >= hours.closes) return "офис должен открываться раньше, чем закрывается";
  if ((hours.closes - hours.opens) % slotMinutes !== 0) return `часы работы — целое число записей по ${slotMinutes} мин`;
  return null;
}

const DAY_RANGE = /^(пн|вт|ср|чт|пт|сб|вс)(?:\s*[-–—]\s*(пн|вт|ср|чт|пт|сб|вс))?$/;

/**
 * «пн–чт 10:00–18:00; пт 10:00–17:00» → the week, or the Russian reason it cannot be read. Days are
 * a range («пн–чт») or a list («пн, ср»); a day named twice is refused, one not named is closed.
 */
export function parseOfficeHours(text: string, slotMinutes: number): { ok: true; hours: OfficeHours } | { ok: false; reason: string } {
  const week: DayHours[] = Array.from({ length: 7 }, () => null);
  const named = new Set<number>();
  const parts = text
    .toLowerCase()
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, reason: `напишите часы, например «${DEFAULT_OFFICE_HOURS_TEXT}»` };
  for (const part of parts) {
    const match = /^(.+?)\s+(\d{1,2}:\d{2})\s*[-–—]\s*(\d{1,2}:\d{2})$/.exec(part);
    if (!match) return { ok: false, reason: `«${part}»: ожидается «дни ЧЧ:ММ–ЧЧ:ММ», например «пн–чт 10:00–18:00»` };
    const opens = parseClock(match[2]!);
    const closes = parseClock(match[3]!);
    if (opens === null || closes === null) return { ok: false, reason: `«${part}»: время от 00:00 до 24:00` };
    const issue = dayHoursIssue({ opens, closes }, slotMinutes);
    if (issue) return { ok: false, reason: `«${part}»: ${issue}` };
    for (const days of match[1]!.split(",").map((day) => day.trim())) {
      const range = DAY_RANGE.exec(days);
      if (!range) return { ok: false, reason: `«${days}»: дни пишутся как пн, вт, ср, чт, пт, сб, вс` };
      const from = WEEKDAY_SHORT.indexOf(range[1] as (typeof WEEKDAY_SHORT)[number]);
      const to = range[2] ? WEEKDAY_SHORT.indexOf(range[2] as (typeof WEEKDAY_SHORT)[number]) : from;
      if (to < from) return { ok: false, reason: `«${days}»: неделя начинается с понедельника` };
      for (let day = from; day <= to; day++) {
        if (named.has(day)) return { ok: false, reason: `«${WEEKDAY_SHORT[day]}» указан дважды` };
        named.add(day);
        week[day] = { opens, closes };
      }
    }
  }
  return { ok: true, hours: week };
}

/** The week's hours grouped by runs of days with the same hours, as the contacts print them. */
export type HoursRow = { days: string; opens: string; closes: string; schemaDays: string[] };

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** [{ days: "Пн–Чт", opens: "10:00", closes: "18:00", … }, { days: "Пт", … }]: consecutive days with the same hours together. */
export function officeHoursRows(hours: OfficeHours): HoursRow[] {
  const rows: HoursRow[] = [];
  let start = 0;
  while (start < 7) {
    const day = hours[start];
    let end = start;
    const sameAsStart = (other: DayHours | undefined) => Boolean(day && other && other.opens === day.opens && other.closes === day.closes);
    while (end + 1 < 7 && sameAsStart(hours[end + 1])) end++;
    if (day)
      rows.push({
        days: end > start ? `${capital(WEEKDAY_SHORT[start]!)}–${capital(WEEKDAY_SHORT[end]!)}` : capital(WEEKDAY_SHORT[start]!),
        opens: clockOf(day.opens),
        closes: clockOf(day.closes),
        schemaDays: SCHEMA_DAYS.slice(start, end + 1),
      });
    start = end + 1;
  }
  return rows;
}

/** ["Сб", "Вс"]: the days the office is closed every week. */
export const officeClosedDays = (hours: OfficeHours): string[] => WEEKDAY_SHORT.flatMap((day, index) => (hours[index] ? [] : [capital(day)]));

/** "Пн–Чт 10:00–18:00, Пт 10:00–17:00; Сб, Вс — выходные". */
export function officeHoursText(hours: OfficeHours): string {
  const open = officeHoursRows(hours)
    .map((row) => `${row.days} ${row.opens}–${row.closes}`)
    .join(", ");
  const closed = officeClosedDays(hours);
  if (!open) return "офис закрыт";
  return closed.length === 0 ? `${open}; без выходных` : `${open}; ${closed.join(", ")} — ${closed.length === 1 ? "выходной" : "выходные"}`;
}

/** The spec's hours, for a page without the shop's data (the error page) and as OFFICE_HOURS' default. */
export const DEFAULT_OFFICE_HOURS: OfficeHours = (() => {
  const parsed = parseOfficeHours(DEFAULT_OFFICE_HOURS_TEXT, 60);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.hours;
})();
