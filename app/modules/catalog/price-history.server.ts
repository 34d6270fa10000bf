import { addDays, moscowDate } from "../quotes/calendar.ts";
import { buildChart, chartRanges, type ChartGeometry, type ChartPoint, type ChartRange } from "../quotes/chart.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { formatNumber } from "../shared/format.ts";
import { createReadCache, readsGeneration } from "../shared/read-cache.ts";
import { priceHistory } from "./price-history.ts";
import { pricingRule, type ProductRow } from "./products.server.ts";

export type CoinChart = { geometry: ChartGeometry; min: ChartPoint; max: ChartPoint; last: ChartPoint; lastBuyback: ChartPoint } | null;

/** The coin's sale and buy-back prices over the range, from the stored quotes, as chart geometry. */
/** The same for every visitor of the coin until the coin, the quotes (the reads generation, the snapshot) or the day change. */
const chartCache = createReadCache<CoinChart>({ tag: "listing", maxEntries: 500 });

export async function coinPriceChart(row: ProductRow, range: ChartRange, now = new Date()): Promise<CoinChart> {
  const quotes = await getQuotesService();
  const key = JSON.stringify([readsGeneration(), quotes.current()?.time, row.id, row.updatedAt, range, moscowDate(now)]);
  return chartCache.get(quotes, key, () => readCoinPriceChart(quotes, row, range, now));
}

async function readCoinPriceChart(quotes: Awaited<ReturnType<typeof getQuotesService>>, row: ProductRow, range: ChartRange, now: Date): Promise<CoinChart> {
  const days = chartRanges.find((r) => r.id === range)!.days ?? 365;
  const rates = await quotes.history(row.metal === "gold" ? "XAU_RUB" : "XAG_RUB", addDays(moscowDate(now), -days));
  const history = priceHistory(row, pricingRule(row), rates);
  const geometry = buildChart(history.sale, { formatValue: (value) => formatNumber(value, 0), secondary: history.buyback });
  if (!geometry) return null;
  return { geometry, min: geometry.min, max: geometry.max, last: geometry.last, lastBuyback: history.buyback.at(-1)! };
}
