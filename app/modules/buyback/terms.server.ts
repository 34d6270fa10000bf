import { getConfig } from "../config/config.server.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import type { QuoteTerms } from "./buyback.server.ts";

/** The quotes a buy-back price may be held by now (none when they are too old to sell by either) and for how long. */
export async function currentQuoteTerms(): Promise<QuoteTerms> {
  const service = await getQuotesService();
  return { rates: service.isFresh() ? service.rates() : null, quoteMinutes: getConfig().buyback.quoteMinutes };
}
