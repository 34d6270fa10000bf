import { formatDay } from "../content/dates.ts";
import { SHOP_TIME_ZONE } from "../shared/format.ts";

/**
 * An announced coin (decision 056) as pages and forms see it: «Скоро в продаже» until the
 * moment its sales open, then on sale like any coin; the per-buyer cap holds before and after.
 * Pure and browser-safe: the storefront's components read these texts.
 */

/** What an announcement adds to a coin; every field may be empty. Times as ISO strings (they cross to the browser). */
export type LaunchInfo = {
  /** The moment sales open, ISO; null for a coin that was never announced. */
  salesOpenAt: string | null;
  /** "2026-12-01", the issue date announced by the issuer. */
  issueDate: string | null;
  mintage: number | null;
  /** The announced price or price rule, as staff wrote it. */
  expectedPrice: string | null;
  /** Pieces one buyer (account or phone) may have over all their orders. */
  buyerCap: number | null;
};

/** Whether the coin is announced and its sales have not opened yet at `now`. */
export function isComing(salesOpenAt: Date | string | null, now: Date = new Date()): boolean {
  return salesOpenAt !== null && new Date(salesOpenAt).getTime() > now.getTime();
}

/** How long a coin counts as new on the page of new and coming issues after its sales opened. */
export const NEW_ISSUE_DAYS = 30;

const openingFormatter = new Intl.DateTimeFormat("ru-RU", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "1 декабря 2026 г. в 10:00 (МСК)": the opening moment as a buyer reads it. */
export function formatOpening(at: Date | string): string {
  const parts = openingFormatter.formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month")} ${part("year")} г. в ${part("hour")}:${part("minute")} (МСК)`;
}

/** "1 декабря 2026 г." for an issue date. */
export const formatIssueDate = (day: string) => formatDay(day);

export const launchTexts = {
  comingSoon: "Скоро в продаже",
  opensAt: (at: Date | string) => `Продажи начнутся ${formatOpening(at)}`,
  cap: (cap: number) => `не более ${cap} шт. в одни руки`,
  capReached: (cap: number) => `Не более ${cap} шт. этой монеты в одни руки`,
  mintage: (mintage: number) => `Тираж ${mintage.toLocaleString("ru-RU")} шт.`,
  /** A click before the moment: on a page, in the cart, at the checkout. */
  notYet: (name: string, at: Date | string) => `«${name}» ещё не продаётся: продажи начнутся ${formatOpening(at)}. Обновите страницу в это время.`,
  overCap: (name: string, cap: number, had: number) =>
    had > 0
      ? `«${name}»: не более ${cap} шт. в одни руки, в ваших заказах уже ${had} шт. Уменьшите количество в корзине.`
      : `«${name}»: не более ${cap} шт. в одни руки. Уменьшите количество в корзине.`,
  tooManyAttempts: (seconds: number) => `Слишком много попыток оформить заказ подряд. Подождите ${seconds} с и нажмите «Оформить заказ» ещё раз.`,
} as const;

/** A regular order after the opening while waiting pre-orders are owed the stock (decision 062). */
export const preorderReservedText = (name: string) =>
  `«${name}»: все монеты в наличии отданы по предзаказам. Если заказ по предзаказу не оплатят, монета вернётся в продажу.`;

const MOSCOW_OFFSET_MS = 3 * 60 * 60_000;

/**
 * "2026-12-01T10:00" (or with seconds), typed as Moscow time, to the moment; undefined when it is
 * not such a text. Moscow keeps UTC+3 all year, so no zone database is needed.
 */
export function parseMoscowDateTime(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(utc - MOSCOW_OFFSET_MS);
  // Date.UTC rolls 31 February into March: such a text is refused, not moved.
  const back = new Date(utc);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return undefined;
  return date;
}

/** The moment as a datetime-local field shows it in Moscow time: "2026-12-01T10:00:00". */
export function moscowDateTimeText(at: Date): string {
  return new Date(at.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 19);
}
