import { isMarketOpen } from "../quotes/calendar.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { pageReadsGenerations } from "../shared/read-cache.ts";
import { getDatabase } from "../db/database.server.ts";
import { latestOpening } from "../launches/launch.server.ts";

/**
 * Everything a page shared between anonymous visitors shows that is not in its address, for
 * the page cache (page-cache.server.ts). The key: the build, the reads generation (catalogue,
 * content, settings and quotes changes, here or, through NOTIFY, on another instance), the
 * quotes snapshot, whether the quotes are fresh enough to take orders, whether the exchange is
 * open and the latest coin's opening moment passed (a page kept before a sale opened is not
 * served after it). Beside it the count of stock changes, which the cache treats apart (decision 066).
 */
export async function pageCacheState(now = new Date()): Promise<{ key: string; stock: number }> {
  const quotes = await getQuotesService().catch(() => undefined);
  const snapshot = quotes?.current();
  const opening = await getDatabase()
    .then(({ db }) => latestOpening(db, now))
    .catch(() => "unknown");
  const generations = pageReadsGenerations();
  const key = [
    __BUILD_ID__,
    `g${generations.others}`,
    `q${snapshot ? snapshot.time.getTime() : "none"}`,
    quotes?.isFresh(now) ? "fresh" : "stale",
    isMarketOpen(now) ? "open" : "closed",
    `o${opening}`,
  ].join("|");
  return { key, stock: generations.stock };
}
