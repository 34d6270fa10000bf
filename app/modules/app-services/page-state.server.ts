import { isMarketOpen } from "../quotes/calendar.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { readsGeneration } from "../shared/read-cache.ts";
import { getDatabase } from "../db/database.server.ts";
import { latestOpening } from "../launches/launch.server.ts";

/**
 * Everything a page shared between anonymous visitors shows that is not in its address,
 * as one string for the page cache's key (page-cache.server.ts): the
 * build, the reads generation (catalogue, content, settings, stock and quotes changes, here
 * or, through NOTIFY, on another instance), the quotes snapshot, whether the quotes are
 * fresh enough to take orders, whether the exchange is open and the latest coin's opening
 * moment passed (a page kept before a sale opened is not served after it).
 */
export async function pageCacheState(now = new Date()): Promise<string> {
  const quotes = await getQuotesService().catch(() => undefined);
  const snapshot = quotes?.current();
  const opening = await getDatabase()
    .then(({ db }) => latestOpening(db, now))
    .catch(() => "unknown");
  return [
    __BUILD_ID__,
    `g${readsGeneration()}`,
    `q${snapshot ? snapshot.time.getTime() : "none"}`,
    quotes?.isFresh(now) ? "fresh" : "stale",
    isMarketOpen(now) ? "open" : "closed",
    `o${opening}`,
  ].join("|");
}
