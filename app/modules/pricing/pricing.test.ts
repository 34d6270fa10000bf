import { describe, expect, it } from "vitest";
import { buybackPrice, gramsToTroyOunces, metalValue, premiumOverMetalPercent, pricePerPureGram, salePrice } from "./pricing.ts";

const rates = { gold: 10_950, silver: 142.5 };
// Георгий Победоносец 50 рублей: 7,78 г чистого золота.
const georgiy = { metal: "gold" as const, pureGrams: 7.78 };
// Серебряный Георгий 3 рубля: 31,1 г чистого серебра.
const silverGeorgiy = { metal: "silver" as const, pureGrams: 31.1 };

describe("salePrice", () => {
  it("follows the metal with a percentage premium, rounded up to whole roubles", () => {
    // 7.78 × 10 950 = 85 191; × 1.07 = 91 154.37 → 91 155
    expect(salePrice(georgiy, { kind: "metal", premiumPercent: 7, fixedPremium: 0 }, rates)).toBe(91_155);
  });

  it("adds a fixed premium per coin", () => {
    // 31.1 × 142.5 = 4 431.75; × 1.12 = 4 963.56; + 350 = 5 313.56 → 5 314
    expect(salePrice(silverGeorgiy, { kind: "metal", premiumPercent: 12, fixedPremium: 350 }, rates)).toBe(5_314);
  });

  it("does not add a rouble for floating-point noise on an exact amount", () => {
    // 10 g × 1 000 × 1.1 is exactly 11 000, though 1.1 is not exact in binary.
    expect(salePrice({ metal: "gold", pureGrams: 10 }, { kind: "metal", premiumPercent: 10, fixedPremium: 0 }, { gold: 1_000, silver: 1 })).toBe(11_000);
  });

  it("keeps a fixed price for commemorative coins, whatever the metal does", () => {
    expect(salePrice(georgiy, { kind: "fixed", price: 125_000 }, rates)).toBe(125_000);
    expect(salePrice(georgiy, { kind: "fixed", price: 125_000 }, { gold: 1, silver: 1 })).toBe(125_000);
  });

  it("moves with the quotes", () => {
    const rule = { kind: "metal" as const, premiumPercent: 7, fixedPremium: 0 };
    expect(salePrice(georgiy, rule, { ...rates, gold: 11_500 })).toBeGreaterThan(salePrice(georgiy, rule, rates));
  });
});

describe("buybackPrice", () => {
  it("pays the metal value less the discount, rounded down", () => {
    // 85 191 × 0.95 = 80 931.45 → 80 931
    expect(buybackPrice(georgiy, 5, rates)).toBe(80_931);
  });

  it("never goes below zero", () => {
    expect(buybackPrice(georgiy, 150, rates)).toBe(0);
  });
});

describe("premium and price per gram", () => {
  it("shows the premium over metal value in percent", () => {
    expect(metalValue(georgiy, rates)).toBeCloseTo(85_191, 6);
    expect(premiumOverMetalPercent(91_155, georgiy, rates)).toBe(7);
    expect(premiumOverMetalPercent(125_000, georgiy, rates)).toBe(46.7);
  });

  it("gives the price per gram of pure metal", () => {
    expect(pricePerPureGram(91_155, georgiy)).toBe(11_716.58);
  });

  it("converts grams to troy ounces", () => {
    expect(gramsToTroyOunces(31.1034768)).toBe(1);
    expect(gramsToTroyOunces(7.78)).toBeCloseTo(0.2501, 4);
  });
});
