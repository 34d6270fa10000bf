import type { Metal } from "../db/column-values.ts";
import { TROY_OUNCE_GRAMS } from "../quotes/instruments.ts";

/**
 * Prices of coins from the metal quotes (docs/architecture.md §5). Money is in whole
 * roubles: a sale price is rounded up, a buy-back price down, so rounding never works
 * against the shop on either side, and never by more than a rouble.
 */
/** Roubles per gram of pure metal, from the quotes (XAU_RUB, XAG_RUB). */
export type MetalRates = Record<Metal, number>;

export type PricingRule =
  /** Follows the metal: pure grams × rate × (1 + premium %) + fixed premium. */
  | { kind: "metal"; premiumPercent: number; fixedPremium: number }
  /** A commemorative coin sold at a set price. */
  | { kind: "fixed"; price: number };

export type PricedMetal = { metal: Metal; pureGrams: number };

/** Cents-exact rounding first, so 91153.0000001 from floating point is not a rouble more. */
const toCents = (value: number) => Math.round(value * 100) / 100;

/** The value of the pure metal in a coin at the current rate, in roubles (not rounded). */
export function metalValue(coin: PricedMetal, rates: MetalRates): number {
  return coin.pureGrams * rates[coin.metal];
}

/** The sale price in whole roubles. */
export function salePrice(coin: PricedMetal, rule: PricingRule, rates: MetalRates): number {
  if (rule.kind === "fixed") return Math.ceil(toCents(rule.price));
  const price = metalValue(coin, rates) * (1 + rule.premiumPercent / 100) + rule.fixedPremium;
  return Math.ceil(toCents(price));
}

/** What the shop pays for the coin: metal value less the buy-back discount, whole roubles down. */
export function buybackPrice(coin: PricedMetal, discountPercent: number, rates: MetalRates): number {
  return Math.max(0, Math.floor(toCents(metalValue(coin, rates) * (1 - discountPercent / 100))));
}

/** How much the price is above the metal value, in percent with one decimal (may be negative). */
export function premiumOverMetalPercent(price: number, coin: PricedMetal, rates: MetalRates): number {
  const value = metalValue(coin, rates);
  if (value <= 0) return 0;
  return Math.round(((price - value) / value) * 1000) / 10;
}

/** The price per gram of pure metal, in roubles with kopecks. */
export function pricePerPureGram(price: number, coin: PricedMetal): number {
  return coin.pureGrams > 0 ? toCents(price / coin.pureGrams) : 0;
}

/** Grams to troy ounces, for showing a coin's weight the way bullion is quoted abroad. */
export function gramsToTroyOunces(grams: number): number {
  return grams / TROY_OUNCE_GRAMS;
}
