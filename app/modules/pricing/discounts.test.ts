import { describe, expect, it } from "vitest";
import { type ActivePromotion, applyDeliveryPromotions, type CartLineInput, matchesCoin, parseTiers, priceLines, tierFor, tierTable } from "./discounts.ts";

// Metal at 11 000 ₽/g gold and 150 ₽/g silver.
const rates = { gold: 11_000, silver: 150 };
// Серебряный Георгий 3 рубля: 31,1 г серебра = 4 665 ₽ металла; наценка 28 % → 5 971,2 → 5 972 ₽.
const silverGeorgiy = { id: 3, sku: "AG-0003", seriesSlug: "georgiy-pobedonosec", metal: "silver" as const, pureGrams: 31.1 };
// Золотой Георгий 50 рублей: 7,78 г золота = 85 580 ₽ металла; наценка 8 % → 92 426,4 → 92 427 ₽.
const goldGeorgiy = { id: 1, sku: "AU-0001", seriesSlug: "georgiy-pobedonosec", metal: "gold" as const, pureGrams: 7.78 };
const silverRule = { kind: "metal" as const, premiumPercent: 28, fixedPremium: 0 };
const goldRule = { kind: "metal" as const, premiumPercent: 8, fixedPremium: 0 };

const silverPromotion: ActivePromotion = {
  id: 2,
  title: "Серебряный Георгий от 10 штук",
  rule: { kind: "premium-discount", coins: { series: "georgiy-pobedonosec", metal: "silver" }, minQuantity: 10, premiumPoints: 2 },
};
const freeCourier: ActivePromotion = {
  id: 1,
  title: "Бесплатный курьер от 300 000 ₽",
  rule: { kind: "free-delivery", deliveries: [45], minGoodsTotal: 300_000 },
};

const line = (overrides: Partial<CartLineInput>): CartLineInput => ({ coin: silverGeorgiy, rule: silverRule, tiers: [], quantity: 1, ...overrides });

describe("priceLines: a promotion lowering the premium", () => {
  it("gives 10 silver Георгий the premium 2 points lower: 26 % instead of 28 %, 94 ₽ less on each coin", () => {
    // 4 665 × 1,26 = 5 877,9 → 5 878 ₽; 5 972 − 5 878 = 94 ₽ a coin, 940 ₽ on the line.
    const [priced] = priceLines([line({ quantity: 10 })], [silverPromotion], rates);
    expect(priced).toEqual({
      basePrice: 5_972,
      price: 5_878,
      discount: { source: "promotion", promotionId: 2, title: "Акция: Серебряный Георгий от 10 штук", premiumPoints: 2, perCoin: 94 },
    });
    expect(priced!.price * 10).toBe(58_780);
  });

  it("gives nothing to 9 coins", () => {
    expect(priceLines([line({ quantity: 9 })], [silverPromotion], rates)).toEqual([{ basePrice: 5_972, price: 5_972, discount: null }]);
  });

  it("counts the pieces of every line the promotion selects (any year and mint): 6 + 4 reach 10", () => {
    const otherYear = { ...silverGeorgiy, id: 30, sku: "AG-0030" };
    const priced = priceLines([line({ quantity: 6 }), line({ coin: otherYear, quantity: 4 })], [silverPromotion], rates);
    expect(priced.map((item) => item.price)).toEqual([5_878, 5_878]);
  });

  it("leaves coins outside the selector alone, even in the same cart", () => {
    const priced = priceLines([line({ quantity: 10 }), line({ coin: goldGeorgiy, rule: goldRule, quantity: 10 })], [silverPromotion], rates);
    expect(priced[1]).toEqual({ basePrice: 92_427, price: 92_427, discount: null });
  });

  it("keeps a fixed premium and never takes the premium below 0 %", () => {
    // 4 665 × 1,26 + 350 = 6 227,9 → 6 228 (was 6 322).
    expect(priceLines([line({ rule: { kind: "metal", premiumPercent: 28, fixedPremium: 350 }, quantity: 10 })], [silverPromotion], rates)[0]!.price).toBe(
      6_228,
    );
    // 1 % premium less 2 points: the metal value, 4 665 ₽, not less.
    expect(priceLines([line({ rule: { kind: "metal", premiumPercent: 1, fixedPremium: 0 }, quantity: 10 })], [silverPromotion], rates)[0]).toMatchObject({
      basePrice: 4_712,
      price: 4_665,
    });
  });

  it("does not touch a coin sold at a fixed price", () => {
    expect(priceLines([line({ rule: { kind: "fixed", price: 9_900 }, quantity: 10 })], [silverPromotion], rates)).toEqual([
      { basePrice: 9_900, price: 9_900, discount: null },
    ]);
  });
});

describe("priceLines: quantity tiers, and how they combine with a promotion", () => {
  const tiers = [
    { minQuantity: 10, premiumPoints: 1 },
    { minQuantity: 50, premiumPoints: 2.5 },
  ];

  it("applies the highest tier the line reaches", () => {
    expect(priceLines([line({ quantity: 9, tiers })], [], rates)[0]!.discount).toBeNull();
    // 10 pieces: 27 % → 4 665 × 1,27 = 5 924,55 → 5 925 ₽ (47 ₽ less).
    expect(priceLines([line({ quantity: 10, tiers })], [], rates)[0]).toEqual({
      basePrice: 5_972,
      price: 5_925,
      discount: { source: "tier", promotionId: null, title: "Скидка от 10 шт.", premiumPoints: 1, perCoin: 47 },
    });
    // 50 pieces: 25,5 % → 5 854,58 → 5 855 ₽.
    expect(priceLines([line({ quantity: 50, tiers })], [], rates)[0]!.price).toBe(5_855);
  });

  it("gives the better of the promotion and the tier, never both", () => {
    // 10 pieces: promotion −2 points (5 878) beats tier −1 point (5 925).
    expect(priceLines([line({ quantity: 10, tiers })], [silverPromotion], rates)[0]).toMatchObject({
      price: 5_878,
      discount: { source: "promotion", promotionId: 2 },
    });
    // 50 pieces: tier −2,5 points (5 855) beats the promotion (5 878); not 4,5 points together.
    expect(priceLines([line({ quantity: 50, tiers })], [silverPromotion], rates)[0]).toMatchObject({
      price: 5_855,
      discount: { source: "tier", premiumPoints: 2.5 },
    });
  });

  it("shows a product page's table in roubles per coin", () => {
    expect(tierTable(silverGeorgiy, silverRule, [tiers[1]!, tiers[0]!], rates)).toEqual([
      { minQuantity: 10, premiumPoints: 1, price: 5_925 },
      { minQuantity: 50, premiumPoints: 2.5, price: 5_855 },
    ]);
    expect(tierTable(silverGeorgiy, { kind: "fixed", price: 9_900 }, tiers, rates)).toEqual([]);
    expect(tierFor(tiers, 49)).toEqual(tiers[0]);
  });
});

describe("applyDeliveryPromotions", () => {
  const choices = [
    { id: 76, price: 0 },
    { id: 79, price: 290 },
    { id: 45, price: 450 },
  ];

  it("makes the courier free from 300 000 ₽ and says what it saved", () => {
    expect(applyDeliveryPromotions(choices, 300_000, [freeCourier])).toEqual([
      { id: 76, price: 0, promotion: null },
      { id: 79, price: 290, promotion: null },
      { id: 45, price: 0, promotion: { promotionId: 1, title: "Акция: Бесплатный курьер от 300 000 ₽", saved: 450 } },
    ]);
  });

  it("leaves the courier paid at 299 999 ₽ and with no promotion running", () => {
    expect(applyDeliveryPromotions(choices, 299_999, [freeCourier])[2]).toEqual({ id: 45, price: 450, promotion: null });
    expect(applyDeliveryPromotions(choices, 1_000_000, [silverPromotion])[2]).toEqual({ id: 45, price: 450, promotion: null });
  });
});

describe("matchesCoin", () => {
  it("needs every given field to match", () => {
    expect(matchesCoin({ skus: ["AG-0003"] }, silverGeorgiy)).toBe(true);
    expect(matchesCoin({ skus: ["AG-0003"], metal: "gold" }, silverGeorgiy)).toBe(false);
    expect(matchesCoin({ series: "georgiy-pobedonosec" }, goldGeorgiy)).toBe(true);
    expect(matchesCoin({ series: "sobol" }, goldGeorgiy)).toBe(false);
  });
});

describe("parseTiers (npm run catalog -- tiers)", () => {
  it("reads thresholds and points, with a decimal comma", () => {
    expect(parseTiers("10:1,50:2", 8)).toEqual({
      ok: true,
      tiers: [
        { minQuantity: 10, premiumPoints: 1 },
        { minQuantity: 50, premiumPoints: 2 },
      ],
    });
    expect(parseTiers("10:1,5, 50:2,5", 8)).toEqual({
      ok: true,
      tiers: [
        { minQuantity: 10, premiumPoints: 1.5 },
        { minQuantity: 50, premiumPoints: 2.5 },
      ],
    });
    expect(parseTiers("-", 8)).toEqual({ ok: true, tiers: [] });
  });

  it("refuses what cannot be a tier, saying why", () => {
    expect(parseTiers("10:-1", 8)).toMatchObject({ ok: false, reason: expect.stringContaining("штук:пунктов") });
    expect(parseTiers("10:0", 8)).toMatchObject({ ok: false, reason: expect.stringContaining("больше 0") });
    expect(parseTiers("1:1", 8)).toMatchObject({ ok: false, reason: expect.stringContaining("от 2 шт.") });
    expect(parseTiers("10:9", 8)).toMatchObject({ ok: false, reason: "«10:9»: скидка больше наценки монеты (8 %)" });
    expect(parseTiers("50:2,10:1", 8)).toMatchObject({ ok: false, reason: expect.stringContaining("больше штук и больше скидка") });
  });
});
