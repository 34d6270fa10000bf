import { buybackPrice, type MetalRates } from "../pricing/pricing.ts";
import type { Metal } from "../db/column-values.ts";

/**
 * The one buy-back rule: a coin the catalogue sells is
 * bought back at its metal value less the product's own buy-back discount, on the product
 * page and on /coin-buyback alike; a line of the buy-back list that the catalogue does not
 * sell uses the list's own metal, weight and discount.
 */

type CoinTerms = { metal: Metal; pureGrams: number; buybackDiscountPercent: number };
type OfferTerms = { metal: Metal; pureGrams: number; discountPercent: number };

/** What the shop pays for a catalogue coin today, whole roubles. */
export function coinBuybackPrice(coin: CoinTerms, rates: MetalRates): number {
  return buybackPrice(coin, coin.buybackDiscountPercent, rates);
}

/** A buy-back list line: its product's price when it is linked to one, else its own terms. */
export function offerBuybackPrice(offer: OfferTerms, product: CoinTerms | null, rates: MetalRates): number {
  return product ? coinBuybackPrice(product, rates) : buybackPrice(offer, offer.discountPercent, rates);
}

/**
 * A coin's buy-back price for its condition: the rule above changed by the grade's percentage
 * (−5: five percent less), whole roubles, rounded down. Integer arithmetic, so 84 065 ₽ at −3 %
 * is exactly 81 543 ₽ and never a float's 81 542.
 */
export function gradedBuybackPrice(price: number, gradePercent: number): number {
  const basisPoints = Math.round(gradePercent * 100);
  return Math.max(0, Math.floor((price * (10_000 + basisPoints)) / 10_000));
}
