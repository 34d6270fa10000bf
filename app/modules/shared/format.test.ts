import { describe, expect, it } from "vitest";
import { currentYear, formatDateTime, formatFineness, formatGrams, formatMillimetres, formatMoney, formatNumber, formatTime } from "./format.ts";

// Intl puts non-breaking spaces into Russian numbers; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatMoney", () => {
  it("shows whole roubles by default", () => {
    expect(plain(formatMoney(1234567))).toBe("1 234 567 ₽");
    expect(plain(formatMoney(99.6))).toBe("100 ₽");
  });

  it("shows two fraction digits when asked (the quotes bar)", () => {
    expect(plain(formatMoney(7654.5, 2))).toBe("7 654,50 ₽");
  });
});

describe("formatNumber", () => {
  it("uses a comma and spaces", () => {
    expect(plain(formatNumber(2650.456))).toBe("2 650,46");
  });
});

describe("coin measures", () => {
  it("writes grams, fineness and millimetres with up to three decimals and no trailing zeros", () => {
    expect(plain(formatGrams(7.78))).toBe("7,78");
    expect(plain(formatGrams(31.1035))).toBe("31,104");
    expect(plain(formatGrams(1000))).toBe("1 000");
    expect(formatFineness(999.9)).toBe("999,9");
    expect(formatFineness(925)).toBe("925");
    expect(formatMillimetres(38.61)).toBe("38,61");
    expect(formatMillimetres(39)).toBe("39");
  });
});

describe("Moscow time", () => {
  it("formats dates in Europe/Moscow whatever the machine's zone", () => {
    const instant = new Date("2026-11-21T21:30:00Z");
    expect(formatDateTime(instant)).toBe("22.11.2026, 00:30");
    expect(formatTime(instant)).toBe("00:30");
  });

  it("takes the year in Moscow: New Year arrives there three hours before UTC", () => {
    expect(currentYear(new Date("2026-12-31T21:30:00Z"))).toBe(2027);
    expect(currentYear(new Date("2026-12-31T20:30:00Z"))).toBe(2026);
  });
});
