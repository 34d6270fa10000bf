/**
 * Dates of content (publication days, promotion validity): calendar days written as
 * YYYY-MM-DD, meant in Moscow, shown in Russian.
 */
import { SHOP_LOCALE, SHOP_TIME_ZONE } from "../shared/format.ts";

const dayFormatter = new Intl.DateTimeFormat(SHOP_LOCALE, { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
const isoDayFormatter = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** "2026-10-14" → "14 октября 2026 г." */
export function formatDay(isoDate: string): string {
  return dayFormatter.format(new Date(`${isoDate}T00:00:00Z`));
}

/** Today's date in Moscow as YYYY-MM-DD. */
export function moscowToday(now = new Date()): string {
  return isoDayFormatter.format(now);
}

export type PromotionStatus = "upcoming" | "active" | "ended";

/** Whether a promotion has not started yet, runs today, or is over (both ends are included). */
export function promotionStatus(promotion: { startsOn: string; endsOn: string | null }, today: string): PromotionStatus {
  if (today < promotion.startsOn) return "upcoming";
  if (promotion.endsOn !== null && today > promotion.endsOn) return "ended";
  return "active";
}

/** "с 1 ноября 2026 г. по 31 января 2027 г.", "с 1 ноября 2026 г., бессрочно". */
export function validityText(promotion: { startsOn: string; endsOn: string | null }): string {
  return promotion.endsOn ? `с ${formatDay(promotion.startsOn)} по ${formatDay(promotion.endsOn)}` : `с ${formatDay(promotion.startsOn)}, бессрочно`;
}

export const promotionStatusLabels: Record<PromotionStatus, string> = {
  upcoming: "Скоро",
  active: "Действует",
  ended: "Акция завершена",
};
