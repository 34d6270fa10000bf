/**
 * The one place money and time are formatted (spec section 9): Russian locale,
 * roubles with no fraction digits by default, two in the quotes bar, Moscow time.
 */
export const SHOP_TIME_ZONE = "Europe/Moscow";
export const SHOP_LOCALE = "ru-RU";

const moneyFormatters = new Map<number, Intl.NumberFormat>();

export function formatMoney(amount: number, fractionDigits = 0): string {
  let formatter = moneyFormatters.get(fractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat(SHOP_LOCALE, {
      style: "currency",
      currency: "RUB",
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    moneyFormatters.set(fractionDigits, formatter);
  }
  return formatter.format(amount);
}

const numberFormatters = new Map<number, Intl.NumberFormat>();

/** A plain number in Russian notation (quotes in dollars, weights): "1 234,56". */
export function formatNumber(value: number, fractionDigits = 2): string {
  let formatter = numberFormatters.get(fractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat(SHOP_LOCALE, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    numberFormatters.set(fractionDigits, formatter);
  }
  return formatter.format(value);
}

const dateTimeFormatter = new Intl.DateTimeFormat(SHOP_LOCALE, {
  timeZone: SHOP_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

const timeFormatter = new Intl.DateTimeFormat(SHOP_LOCALE, {
  timeZone: SHOP_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
});

/** "21.11.2026, 14:05" in Moscow time, whatever the server's or browser's zone. */
export function formatDateTime(date: Date | string): string {
  return dateTimeFormatter.format(new Date(date));
}

/** "14:05" in Moscow time. */
export function formatTime(date: Date | string): string {
  return timeFormatter.format(new Date(date));
}

// Built once: constructing an Intl formatter costs more than rendering the footer (CPU profile).
const yearFormatter = new Intl.DateTimeFormat("en", { timeZone: SHOP_TIME_ZONE, year: "numeric" });

/** The current year in Moscow, for the footer's "© 2000–{year}". */
export function currentYear(now = new Date()): number {
  return Number(yearFormatter.format(now));
}

/** Up to three decimals, no trailing zeros: how weights, fineness and sizes are written on coins. */
const measureFormatter = new Intl.NumberFormat(SHOP_LOCALE, { minimumFractionDigits: 0, maximumFractionDigits: 3 });

/** A weight in grams as dealers write it: "7,78", "31,1", "1 000" (up to three decimals, no trailing zeros). */
export function formatGrams(value: number): string {
  return measureFormatter.format(value);
}

/** A fineness in parts per thousand: "999,9", "925". */
export function formatFineness(value: number): string {
  return measureFormatter.format(value);
}

/** A size in millimetres (diameter, thickness): "39", "38,61"; the caller adds "мм". */
export function formatMillimetres(value: number): string {
  return measureFormatter.format(value);
}
