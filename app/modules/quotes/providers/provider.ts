import type { StoredInstrument } from "../instruments.ts";

/** One value of one instrument on one trading day ("YYYY-MM-DD", Moscow calendar). */
export type ProviderReading = {
  instrument: StoredInstrument;
  /** Roubles per gram for the metals, roubles per dollar for USD_RUB. */
  value: number;
  tradingDate: string;
};

export type QuotesProviderId = "embedded" | "cbr" | "moex";

/**
 * A source of quotes. `latest` gives the newest value of every stored instrument
 * (XAU_RUB, XAG_RUB, USD_RUB); `history` gives daily values over a date range, for
 * charts and to fill gaps after downtime. Both throw QuotesProviderError on any fault
 * (timeout, HTTP error, unexpected body), so the caller keeps the last good quotes.
 */
export interface QuotesProvider {
  id: QuotesProviderId;
  /** Where the figures come from, as the site shows it. */
  label: string;
  latest(now: Date): Promise<ProviderReading[]>;
  history(from: string, to: string): Promise<ProviderReading[]>;
}

export class QuotesProviderError extends Error {
  override name = "QuotesProviderError";
}
