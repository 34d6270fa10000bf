/** The words of reviews that pages show: no form code, so the catalogue's pages do not load it. */
import type { ReviewStatus } from "../db/column-values.ts";

const plural = new Intl.PluralRules("ru-RU");
const reviewWords: Partial<Record<Intl.LDMLPluralRule, string>> = { one: "отзыв", few: "отзыва" };

/** The count in words: «1 отзыв», «3 отзыва», «12 отзывов». */
export function reviewCountText(count: number): string {
  return `${count.toLocaleString("ru-RU")} ${reviewWords[plural.select(count)] ?? "отзывов"}`;
}

const ratingFormat = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });

/** «4,7» as the shop writes a rating. */
export const formatRating = (value: number) => ratingFormat.format(value);

export const reviewStatusLabels: Record<ReviewStatus, string> = {
  pending: "На проверке",
  published: "Опубликован",
  hidden: "Скрыт",
};
