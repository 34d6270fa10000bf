import { describe, expect, it } from "vitest";
import { computeCourses, courseKeys, TROY_OUNCE_GRAMS } from "./instruments.ts";

const yesterday = { XAU_RUB: 10_900, XAG_RUB: 143.1, USD_RUB: 79.2 };
const today = { XAU_RUB: 10_950.456, XAG_RUB: 142.5, USD_RUB: 79.4 };

describe("computeCourses", () => {
  const courses = computeCourses(today, yesterday);

  it("answers the five figures of the spec with Russian names", () => {
    expect(Object.keys(courses)).toEqual([...courseKeys]);
    expect(courses.XAU_RUB.name).toBe("Золото, ₽/г");
    expect(courses.USD_RUB.name).toBe("Доллар США, ₽");
  });

  it("rounds to two fraction digits and compares with the previous trading day", () => {
    expect(courses.XAU_RUB).toMatchObject({ course: 10_950.46, diff: 50.46, direction: "up" });
    expect(courses.XAG_RUB).toMatchObject({ course: 142.5, diff: -0.6, direction: "down" });
    expect(courses.USD_RUB).toMatchObject({ course: 79.4, diff: 0.2, direction: "up" });
  });

  it("derives dollars per troy ounce from roubles per gram and the dollar", () => {
    // 10 950.456 × 31.1034768 / 79.4 = 4 289.64…
    expect(courses.XAU_USD.course).toBe(Math.round(((10_950.456 * TROY_OUNCE_GRAMS) / 79.4) * 100) / 100);
    expect(courses.XAU_USD.course).toBe(4289.64);
    expect(courses.XAG_USD.direction).toBe("down");
  });

  it("shows no change as 'up' with a zero diff when there is no earlier day", () => {
    const first = computeCourses(today, undefined);
    expect(first.XAU_RUB).toMatchObject({ diff: 0, direction: "up" });
  });
});
