import { coinBuybackPrice } from "../buyback/price.ts";
import type { Metal } from "../db/column-values.ts";
import { salePrice, type PricingRule } from "../pricing/pricing.ts";
import { chartRanges, type ChartPoint, type ChartRange } from "../quotes/chart.ts";

/**
 * A coin's price history: every stored trading day's metal rate run through
 * the coin's own pricing rule and the one buy-back rule, so the chart's last point is the
 * price on the page. Pure: the metal's daily rates in, the two series out.
 */
export type CoinTerms = { metal: Metal; pureGrams: number; buybackDiscountPercent: number };

export type PriceHistory = { sale: ChartPoint[]; buyback: ChartPoint[] };

/** The stored rates are kept to kopecks, as the current rates the shop prices by are. */
const toKopecks = (value: number) => Math.round(value * 100) / 100;

export function priceHistory(coin: CoinTerms, rule: PricingRule, metalRates: ChartPoint[]): PriceHistory {
  const sale: ChartPoint[] = [];
  const buyback: ChartPoint[] = [];
  for (const day of metalRates) {
    const rate = toKopecks(day.value);
    const rates = { gold: rate, silver: rate };
    sale.push({ date: day.date, value: salePrice(coin, rule, rates) });
    buyback.push({ date: day.date, value: coinBuybackPrice(coin, rates) });
  }
  return { sale, buyback };
}

/** The product page offers a month, half a year and a year. */
export const historyRanges = chartRanges.filter((range) => range.id !== "all");

export function parseHistoryRange(value: string | null): ChartRange {
  return historyRanges.find((range) => range.id === value)?.id ?? "half-year";
}
