import { describe, expect, it } from "vitest";
import { parseHistoryRange, priceHistory } from "./price-history.ts";

// Георгий Победоносец 50 ₽: 7,78 г золота, наценка 7 %, выкуп −10 %.
const georgiy = { metal: "gold" as const, pureGrams: 7.78, buybackDiscountPercent: 10 };
const rule = { kind: "metal" as const, premiumPercent: 7, fixedPremium: 0 };

describe("priceHistory", () => {
  it("prices the coin on every stored day by its rule, and its buy-back by the buy-back rule", () => {
    const rates = [
      { date: "2026-03-02", value: 10_950 },
      { date: "2026-03-03", value: 11_000.004 },
      { date: "2026-03-04", value: 10_800 },
    ];
    // 7.78 × 10 950 = 85 191   → sale × 1.07 = 91 154.37 → 91 155; buy-back × 0.9 = 76 671.9 → 76 671
    // 7.78 × 11 000 = 85 580   → 91 570.6 → 91 571;                 77 022
    // 7.78 × 10 800 = 84 024   → 89 905.68 → 89 906;                75 621.6 → 75 621
    expect(priceHistory(georgiy, rule, rates)).toEqual({
      sale: [
        { date: "2026-03-02", value: 91_155 },
        { date: "2026-03-03", value: 91_571 },
        { date: "2026-03-04", value: 89_906 },
      ],
      buyback: [
        { date: "2026-03-02", value: 76_671 },
        { date: "2026-03-03", value: 77_022 },
        { date: "2026-03-04", value: 75_621 },
      ],
    });
  });

  it("keeps a fixed price flat while the buy-back still follows the metal", () => {
    const history = priceHistory(georgiy, { kind: "fixed", price: 125_000 }, [
      { date: "2026-03-02", value: 10_000 },
      { date: "2026-03-03", value: 12_000 },
    ]);
    expect(history.sale.map((p) => p.value)).toEqual([125_000, 125_000]);
    // 77 800 × 0.9 = 70 020; 93 360 × 0.9 = 84 024
    expect(history.buyback.map((p) => p.value)).toEqual([70_020, 84_024]);
  });
});

describe("parseHistoryRange", () => {
  it("accepts a month, half a year and a year, and falls back to half a year", () => {
    expect(["month", "half-year", "year", "all", "x", null].map((v) => parseHistoryRange(v))).toEqual([
      "month",
      "half-year",
      "year",
      "half-year",
      "half-year",
      "half-year",
    ]);
  });
});
