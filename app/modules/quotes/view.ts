import { courseKeys, type CourseKey, type Courses } from "./instruments.ts";

/** The quotes as the root loader hands them to the frame (plain JSON). */
export type QuotesView = {
  /** ISO time of the last update. */
  time: string;
  courses: Courses;
  sourceLabel: string;
  marketOpen: boolean;
};

export type CourseLine = { key: CourseKey; name: string; course: number; diff: number; direction: "up" | "down"; unit: "RUB" | "USD" };

/** The bar's five lines in the spec's order, with the currency each figure is in. */
export function courseLines(courses: Courses): CourseLine[] {
  return courseKeys.map((key) => ({ key, ...courses[key], unit: key.endsWith("_USD") ? "USD" : "RUB" }));
}
