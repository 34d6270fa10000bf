import embedded from "../embedded-series.json" with { type: "json" };
import { addDays, epochDay, isTradingDay, moscowDate, tradingDayOnOrBefore } from "../calendar.ts";
import { storedInstruments } from "../instruments.ts";
import type { ProviderReading, QuotesProvider } from "./provider.ts";

/** Day 0 of the shipped series is this Monday; the series repeats every 52 weeks. */
const SERIES_START = "2024-01-01";

/** The shipped demo value of every stored instrument on a trading day. */
export function embeddedValuesOn(tradingDate: string): ProviderReading[] {
  const index = (((epochDay(tradingDate) - epochDay(SERIES_START)) % embedded.days) + embedded.days) % embedded.days;
  return storedInstruments.map((instrument) => ({ instrument, value: embedded.series[instrument][index]!, tradingDate }));
}

/**
 * The default provider: a year of demo quotes shipped with the shop, repeated year
 * after year, so a fresh install has prices, charts and a live-looking quotes bar
 * with no network. The site labels it as demo data.
 */
export const embeddedProvider: QuotesProvider = {
  id: "embedded",
  label: "Демо-данные (не рыночные котировки)",
  async latest(now) {
    return embeddedValuesOn(tradingDayOnOrBefore(moscowDate(now)));
  },
  async history(from, to) {
    const readings: ProviderReading[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) {
      if (isTradingDay(day)) readings.push(...embeddedValuesOn(day));
    }
    return readings;
  },
};
