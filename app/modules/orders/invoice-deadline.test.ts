import { describe, expect, it } from "vitest";
import { invoiceDueAt } from "./invoice-deadline.ts";

describe("an invoice's deadline in banking days", () => {
  it("counts working days after the day of issue and ends at Moscow midnight", () => {
    // Friday 27 November 2026, 15:00 MSK: Monday, Tuesday, Wednesday; due as Thursday begins.
    expect(invoiceDueAt(new Date("2026-11-27T12:00:00Z"), 3).toISOString()).toBe("2026-12-02T21:00:00.000Z");
    // Late on a Monday evening Moscow time (already Tuesday in Moscow at 21:30 UTC).
    expect(invoiceDueAt(new Date("2026-11-30T21:30:00Z"), 1).toISOString()).toBe("2026-12-02T21:00:00.000Z");
  });

  it("skips the New Year holidays", () => {
    // Tuesday 29 December 2026: 30 December, then (31 December to 10 January off) 11 and 12 January.
    expect(invoiceDueAt(new Date("2026-12-29T09:00:00Z"), 3).toISOString()).toBe("2027-01-12T21:00:00.000Z");
  });
});
