import { describe, expect, it } from "vitest";
import { cleanReviewText, reviewAuthorName, reviewSchema } from "./review-form.ts";
import { reviewCountText } from "./review-words.ts";

describe("the review form", () => {
  it("takes a rating 1–5 and a text of 10–2000 characters, cleaned", () => {
    expect(reviewSchema.safeParse({ rating: "5", text: "  Отличная монета, пришла в капсуле.  " }).data).toEqual({
      rating: 5,
      text: "Отличная монета, пришла в капсуле.",
    });
    for (const rating of ["0", "6", "4.5", "", "пять"]) expect(reviewSchema.safeParse({ rating, text: "Отличная монета" }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: "4", text: "коротко" }).error?.issues[0]?.message).toBe("Напишите хотя бы 10 символов");
    expect(reviewSchema.safeParse({ rating: "4", text: "а".repeat(2001) }).error?.issues[0]?.message).toBe("Не больше 2000 символов");
  });

  it("drops control characters and direction marks but keeps paragraphs", () => {
    expect(cleanReviewText("Хорошо\u202e.\r\n\r\n\r\n\r\nВторой\u0000 абзац \t\n")).toBe("Хорошо.\n\nВторой абзац");
    // Ten characters of nothing visible are not a review.
    expect(reviewSchema.safeParse({ rating: "3", text: "\u200b".repeat(20) + "ок" }).success).toBe(false);
  });

  it("signs with the first name and the last name's initial", () => {
    expect(reviewAuthorName({ name: "Анна", lastName: "кузнецова" })).toBe("Анна К.");
    expect(reviewAuthorName({ name: "Пётр", lastName: "" })).toBe("Пётр");
    expect(reviewAuthorName({ name: " ", lastName: "Иванов" })).toBe("Покупатель");
  });

  it("counts reviews in Russian", () => {
    expect([1, 2, 5, 11, 21, 22, 25, 101, 1_000].map(reviewCountText)).toEqual([
      "1 отзыв",
      "2 отзыва",
      "5 отзывов",
      "11 отзывов",
      "21 отзыв",
      "22 отзыва",
      "25 отзывов",
      "101 отзыв",
      "1\u00a0000 отзывов",
    ]);
  });
});
