import { describe, expect, it } from "vitest";
import { addDays, isMarketOpen, isTradingDay, moscowClock, tradingDayOnOrBefore, weekdayOf } from "./calendar.ts";

describe("Moscow calendar", () => {
  it("takes dates and weekdays in Moscow time", () => {
    // 22:30 UTC on Friday is already Saturday 01:30 in Moscow.
    expect(moscowClock(new Date("2026-11-20T22:30:00Z"))).toEqual({ date: "2026-11-21", weekday: 6, minutes: 90 });
    expect(weekdayOf("2026-11-23")).toBe(1);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("knows weekends and the New Year holidays are not trading days", () => {
    expect(isTradingDay("2026-11-20")).toBe(true);
    expect(isTradingDay("2026-11-21")).toBe(false);
    expect(isTradingDay("2026-01-05")).toBe(false);
    expect(tradingDayOnOrBefore("2026-11-22")).toBe("2026-11-20");
    expect(tradingDayOnOrBefore("2026-01-09")).toBe("2025-12-31");
  });

  it("says the exchange trades on weekdays from 07:00 to 23:50 Moscow time", () => {
    expect(isMarketOpen(new Date("2026-11-20T04:00:00Z"))).toBe(true); // Fri 07:00 MSK
    expect(isMarketOpen(new Date("2026-11-20T03:59:00Z"))).toBe(false); // Fri 06:59
    expect(isMarketOpen(new Date("2026-11-20T20:49:00Z"))).toBe(true); // Fri 23:49
    expect(isMarketOpen(new Date("2026-11-20T20:50:00Z"))).toBe(false); // Fri 23:50
    expect(isMarketOpen(new Date("2026-11-21T09:00:00Z"))).toBe(false); // Saturday
    expect(isMarketOpen(new Date("2026-11-04T09:00:00Z"))).toBe(false); // Unity Day
  });
});
