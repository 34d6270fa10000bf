import { describe, expect, it } from "vitest";
import { coinFigures, coinValue, spreadPercent } from "./coin-value.ts";

const rates = { gold: 10_950, silver: 142.5 };
// Георгий Победоносец 50 рублей: 7,78 г чистого золота, продаётся за 91 155 ₽, выкуп −10 %.
const georgiy = { metal: "gold" as const, pureGrams: 7.78, buybackDiscountPercent: 10 };

describe("spreadPercent", () => {
  it("is the gap between sale and buy-back in percent of the sale price", () => {
    // (91 155 − 76 671) / 91 155 = 0.15889… → 15,9 %
    expect(spreadPercent(91_155, 76_671)).toBe(15.9);
    // (5 314 − 4 210) / 5 314 = 0.20775… → 20,8 %
    expect(spreadPercent(5_314, 4_210)).toBe(20.8);
  });

  it("is zero for a zero price rather than dividing by it", () => {
    expect(spreadPercent(0, 0)).toBe(0);
  });
});

describe("coinValue", () => {
  it("gives per gram, premium, buy-back and spread of a metal-priced coin", () => {
    // metal value 7.78 × 10 950 = 85 191; per gram 91 155 / 7.78 = 11 716.58
    // premium (91 155 − 85 191) / 85 191 = 7.0007 % → 7,0
    // buy-back 85 191 × 0.9 = 76 671.9 → 76 671 (down); spread 15,9 %
    expect(coinValue(georgiy, 91_155, rates)).toEqual({ perGram: 11_716.58, premiumPercent: 7, buyback: 76_671, spreadPercent: 15.9 });
  });

  it("uses the coin's own buy-back discount", () => {
    // 31.1 g silver × 142.5 = 4 431.75; × (1 − 0.05) = 4 210.16 → 4 210; sold at 5 314
    const silver = { metal: "silver" as const, pureGrams: 31.1, buybackDiscountPercent: 5 };
    // per gram 5 314 / 31.1 = 170.868… → 170.87; premium (5 314 − 4 431.75) / 4 431.75 = 19.9 %
    expect(coinValue(silver, 5_314, rates)).toEqual({ perGram: 170.87, premiumPercent: 19.9, buyback: 4_210, spreadPercent: 20.8 });
  });

  it("without quotes keeps the per-gram price of a fixed-price coin and leaves the rest out", () => {
    expect(coinValue(georgiy, 125_000, null)).toEqual({ perGram: 16_066.84, premiumPercent: null, buyback: null, spreadPercent: null });
  });

  it("is null while the coin has no price", () => {
    expect(coinValue(georgiy, null, null)).toBeNull();
  });
});

describe("coinFigures", () => {
  it("writes a card's two lines in Russian", () => {
    const lines = coinFigures({ perGram: 11_716.58, premiumPercent: 7, buyback: 76_671, spreadPercent: 15.9 })!;
    expect(lines.perGram.replace(/\s/g, " ")).toBe("11 717 ₽ за 1 г · наценка 7,0 %");
    expect(lines.buyback!.replace(/\s/g, " ")).toBe("Выкуп 76 671 ₽ · спред 15,9 %");
    // Silver: kopecks matter.
    expect(coinFigures({ perGram: 170.87, premiumPercent: null, buyback: null, spreadPercent: null })!.perGram.replace(/\s/g, " ")).toBe("170,87 ₽ за 1 г");
  });
});
