import { coinBuybackPrice } from "../buyback/price.ts";
import { formatMoney, formatNumber } from "../shared/format.ts";
import { premiumOverMetalPercent, pricePerPureGram, type MetalRates, type PricedMetal } from "../pricing/pricing.ts";

/**
 * What a bullion buyer works out for every coin before buying: the price
 * of a gram of pure metal, how far the price is above the metal, what the shop would pay
 * for the coin today and the spread between the two. Reads the pricing and buy-back rules,
 * never re-states them.
 */
export type CoinValue = {
  /** Roubles per gram of pure metal, with kopecks. */
  perGram: number;
  /** The premium over the metal value, percent with one decimal; null without quotes. */
  premiumPercent: number | null;
  /** The shop's buy-back price today (the one rule of buyback/price.ts); null without quotes. */
  buyback: number | null;
  /** (sell − buy-back) / sell, percent with one decimal; null without quotes. */
  spreadPercent: number | null;
};

/** The spread between the sale and buy-back prices in percent of the sale price, one decimal. */
export function spreadPercent(sell: number, buyback: number): number {
  if (sell <= 0) return 0;
  return Math.round(((sell - buyback) / sell) * 1000) / 10;
}

/** The figures for a coin sold at `price`; null when there is no price yet. */
export function coinValue(coin: PricedMetal & { buybackDiscountPercent: number }, price: number | null, rates: MetalRates | null): CoinValue | null {
  if (price === null) return null;
  const buyback = rates ? coinBuybackPrice(coin, rates) : null;
  return {
    perGram: pricePerPureGram(price, coin),
    premiumPercent: rates ? premiumOverMetalPercent(price, coin, rates) : null,
    buyback,
    spreadPercent: buyback !== null ? spreadPercent(price, buyback) : null,
  };
}

/** No-break spaces inside each figure: a narrow card breaks a line only between figures. */
const nb = "\u00a0";
const percent = (value: number) => `${formatNumber(value, 1)}${nb}%`;

/** Gold per gram in whole roubles, silver with kopecks (a gram of silver costs under a thousand). */
export const perGramText = (perGram: number) => formatMoney(perGram, perGram < 1000 ? 2 : 0);

/** A card's two lines of figures: per gram with the premium, and the buy-back with the spread. */
export function coinFigures(value: CoinValue | null): { perGram: string; buyback: string | null } | null {
  if (!value) return null;
  return {
    perGram: `${perGramText(value.perGram)}${nb}за${nb}1${nb}г${value.premiumPercent !== null ? ` · наценка${nb}${percent(value.premiumPercent)}` : ""}`,
    buyback:
      value.buyback !== null && value.spreadPercent !== null ? `Выкуп${nb}${formatMoney(value.buyback)} · спред${nb}${percent(value.spreadPercent)}` : null,
  };
}
