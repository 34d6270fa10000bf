/**
 * The five figures of the quotes bar (spec sections 3 and 7). Gold and silver are
 * stored in roubles per gram and the dollar in roubles; the dollar prices of the
 * metals per troy ounce are derived from them.
 */
export const TROY_OUNCE_GRAMS = 31.1034768;

/** What the providers deliver and the database stores. */
export const storedInstruments = ["XAU_RUB", "XAG_RUB", "USD_RUB"] as const;
export type StoredInstrument = (typeof storedInstruments)[number];

/** What /api/courses answers, in the spec's order. */
export const courseKeys = ["XAU_RUB", "XAU_USD", "XAG_RUB", "XAG_USD", "USD_RUB"] as const;
export type CourseKey = (typeof courseKeys)[number];

export const courseNames: Record<CourseKey, string> = {
  XAU_RUB: "Золото, ₽/г",
  XAU_USD: "Золото, $/унция",
  XAG_RUB: "Серебро, ₽/г",
  XAG_USD: "Серебро, $/унция",
  USD_RUB: "Доллар США, ₽",
};

export type Direction = "up" | "down";

export type Course = { name: string; course: number; diff: number; direction: Direction };
export type Courses = Record<CourseKey, Course>;

/** Values of the stored instruments on one trading day. */
export type DayValues = Record<StoredInstrument, number>;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Derives the five figures from one day's stored values. */
export function deriveFigures(values: DayValues): Record<CourseKey, number> {
  return {
    XAU_RUB: values.XAU_RUB,
    XAU_USD: (values.XAU_RUB * TROY_OUNCE_GRAMS) / values.USD_RUB,
    XAG_RUB: values.XAG_RUB,
    XAG_USD: (values.XAG_RUB * TROY_OUNCE_GRAMS) / values.USD_RUB,
    USD_RUB: values.USD_RUB,
  };
}

/**
 * The courses against the previous trading day: `diff` is the change in the figure's
 * own unit, two fraction digits; a rise or no change is 'up', a fall is 'down'.
 */
export function computeCourses(current: DayValues, previous: DayValues | undefined): Courses {
  const now = deriveFigures(current);
  const before = previous ? deriveFigures(previous) : now;
  const entries = courseKeys.map((key) => {
    const course = round2(now[key]);
    const diff = round2(course - round2(before[key]));
    return [key, { name: courseNames[key], course, diff, direction: diff < 0 ? "down" : "up" } satisfies Course] as const;
  });
  return Object.fromEntries(entries) as Courses;
}
