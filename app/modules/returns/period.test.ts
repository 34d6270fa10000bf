import { describe, expect, it } from "vitest";
import { returnDueAt, returnLastDayText, withinReturnPeriod } from "./period.ts";

describe("the return period, in Moscow days", () => {
  it("runs from the day after receipt to Moscow midnight of its last day, whatever the hour of receipt", () => {
    // 1 December 00:05 and 23:55 in Moscow: both end at the start of 9 December, Moscow.
    for (const received of ["2026-11-30T21:05:00Z", "2026-12-01T20:55:00Z"]) {
      expect(returnDueAt(new Date(received), 7).toISOString()).toBe("2026-12-08T21:00:00.000Z");
      expect(returnLastDayText(new Date(received), 7)).toBe("08.12.2026");
    }
  });

  it("is open one second before that midnight and closed at it", () => {
    const received = new Date("2026-12-01T09:00:00Z");
    expect(withinReturnPeriod(received, 7, new Date("2026-12-08T20:59:59Z"))).toBe(true);
    expect(withinReturnPeriod(received, 7, new Date("2026-12-08T21:00:00Z"))).toBe(false);
  });

  it("counts a receipt late in the UTC evening as the next Moscow day", () => {
    // 23:30 UTC on 1 December is 02:30 on 2 December in Moscow.
    expect(returnLastDayText(new Date("2026-12-01T23:30:00Z"), 7)).toBe("09.12.2026");
  });
});
