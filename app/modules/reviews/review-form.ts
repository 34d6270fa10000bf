import { z } from "zod";
import { formTexts } from "../forms/fields.ts";

/** A review's limits: long enough to say something about the coin, short enough to read on a phone. */
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const HIDE_REASON_MAX = 300;

export const reviewTexts = {
  rating: "Поставьте оценку от 1 до 5",
  tooShort: `Напишите хотя бы ${REVIEW_TEXT_MIN} символов`,
  tooLong: `Не больше ${REVIEW_TEXT_MAX} символов`,
  notBought: "Отзыв о монете могут оставить покупатели, получившие её: в ваших выполненных заказах этой монеты нет.",
  notFound: "Монета не найдена.",
  saved: "Спасибо! Отзыв появится на странице монеты после проверки.",
  deleted: "Отзыв удалён.",
  hideReason: "Укажите причину: её увидит автор отзыва",
} as const;

/**
 * Line breaks kept (a paragraph or two), every other control character and the invisible
 * direction marks dropped: they would let a text hide or reorder what staff and buyers read.
 */
export function cleanReviewText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // oxlint-disable-next-line no-control-regex -- control characters are what this drops
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, "")
      .replace(/[ \t]+\n/g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

/** The buyer's review form: a rating and a text. */
export const reviewSchema = z.object({
  rating: z.coerce.number({ error: reviewTexts.rating }).int(reviewTexts.rating).min(1, reviewTexts.rating).max(5, reviewTexts.rating),
  text: z
    .string({ error: formTexts.required })
    .max(REVIEW_TEXT_MAX * 2, reviewTexts.tooLong)
    .transform(cleanReviewText)
    .pipe(z.string().min(REVIEW_TEXT_MIN, reviewTexts.tooShort).max(REVIEW_TEXT_MAX, reviewTexts.tooLong)),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

/** The name a review is signed with: the first name and the last name's initial («Анна К.»), else «Покупатель». */
export function reviewAuthorName(user: { name: string; lastName: string }): string {
  const first = user.name.trim();
  const initial = user.lastName.trim().charAt(0).toLocaleUpperCase("ru-RU");
  if (!first) return "Покупатель";
  return initial ? `${first} ${initial}.` : first;
}
