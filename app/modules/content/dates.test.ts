import { describe, expect, it } from "vitest";
import { formatDay, moscowToday, promotionStatus, validityText } from "./dates.ts";

describe("content dates", () => {
  it("shows a day in Russian without shifting it by time zone", () => {
    expect(formatDay("2026-10-14")).toBe("14 октября 2026 г.");
    expect(formatDay("2027-01-01")).toBe("1 января 2027 г.");
  });

  it("takes today in Moscow: 22:30 UTC is already the next day there", () => {
    expect(moscowToday(new Date("2026-10-31T20:59:00Z"))).toBe("2026-10-31");
    expect(moscowToday(new Date("2026-10-31T21:00:00Z"))).toBe("2026-11-01");
  });

  it("a promotion runs from its first to its last day, both included", () => {
    const promotion = { startsOn: "2026-09-01", endsOn: "2026-10-31" };
    expect(promotionStatus(promotion, "2026-08-31")).toBe("upcoming");
    expect(promotionStatus(promotion, "2026-09-01")).toBe("active");
    expect(promotionStatus(promotion, "2026-10-31")).toBe("active");
    expect(promotionStatus(promotion, "2026-11-01")).toBe("ended");
    expect(promotionStatus({ startsOn: "2026-09-01", endsOn: null }, "2099-01-01")).toBe("active");
  });

  it("describes the validity", () => {
    expect(validityText({ startsOn: "2026-09-01", endsOn: "2026-10-31" })).toBe("с 1 сентября 2026 г. по 31 октября 2026 г.");
    expect(validityText({ startsOn: "2026-09-01", endsOn: null })).toBe("с 1 сентября 2026 г., бессрочно");
  });
});
