/**
 * A small in-process cache for hot reads of data that only the operator changes (catalogue
 * sections and filter choices, content pages and lists): entries live for a short time and
 * are dropped at once when this process changes the data (`invalidateReads(tag)`).
 *
 * Several instances may run, and the operator's commands (`npm run catalog`, `npm run
 * content`) are processes of their own, so a change made elsewhere shows here when the
 * entry expires: keep the time short (docs/decisions/005-http-caching.md). Never cache
 * what buyers change (stock, carts) or what is personal.
 *
 * Entries are kept per database handle (a test process opens many databases), in the
 * shop's one memory cache (memory-cache.ts): concurrent misses share one load, and a
 * failed load is not kept.
 */
import { createMemoryCache, type MemoryCache } from "./memory-cache.ts";

/**
 * What a cached read is about, for invalidation: the catalogue (products' attributes,
 * sections), the content (pages, articles, promotions, reviews, partners, certificates),
 * the shop's settings (sales paused), the quotes (a new snapshot) or the stock (an order
 * placed or let go). Every one of them is shown on pages, so a change of any also drops
 * the shared page cache (readsGeneration).
 */
export type ReadTag = "catalog" | "content" | "settings" | "quotes" | "stock";

/** Every tag, for the listener of other processes' changes. */
export const readTags: readonly ReadTag[] = ["catalog", "content", "settings", "quotes", "stock"];

/**
 * How long other instances (and this one, after an operator's command) may show data from
 * before a change: short enough that an import shows on every page half a minute later.
 */
export const READ_CACHE_TTL_MS = 30_000;

export type ReadCacheOptions = {
  /** Names the data, for invalidation. */
  tag: ReadTag | (string & {});
  /** How long an entry is served, in milliseconds (READ_CACHE_TTL_MS unless told). */
  ttlMs?: number;
  /** Entries kept per database at most; the oldest go first (keys may come from URLs). */
  maxEntries?: number;
  /** The clock, for tests. */
  now?: () => number;
  /**
   * Past ttlMs, answer the kept value while it is read again in the background, rather than
   * wait for the database: for data that changes only with its tag's invalidation (here or by
   * NOTIFY), read on every request of a page (memory-cache.ts serveExpired).
   */
  serveExpired?: boolean;
};

export type ReadCache<V> = {
  /** The cached value for `key` in `scope` (the database handle), loading it when missing or expired. Do not change it. */
  get(scope: object, key: string, load: () => PromiseLike<V>): Promise<V>;
};

const clearers = new Map<string, Set<() => void>>();
const watchers = new Map<string, Set<() => void>>();
let generation = 0;
let stockGeneration = 0;

/**
 * A number that grows with every change of data that pages show (any tag): cached reads
 * key their entries by it, so a read made before a change is never used after it.
 */
export function readsGeneration(): number {
  return generation;
}

/**
 * The same, split for the shared page cache (request/page-cache.server.ts): `others` grows
 * with every change but the stock's, `stock` with the stock's (an order placed or let go).
 * A kept page is never served after a change of the first kind; after a stock change alone
 * it may be served for a moment while a fresh one renders (decision 066).
 */
export function pageReadsGenerations(): { others: number; stock: number } {
  return { others: generation - stockGeneration, stock: stockGeneration };
}

/** Calls `listener` after every invalidation of `tag` in this process (the quotes reload on "quotes"). */
export function onReadsChanged(tag: ReadTag, listener: () => void): () => void {
  if (!watchers.has(tag)) watchers.set(tag, new Set());
  watchers.get(tag)!.add(listener);
  return () => watchers.get(tag)?.delete(listener);
}

/**
 * Drops every cached read of a tag in this process, after a change to that data is
 * committed. A load still running then finishes for those who asked before the change
 * and is not kept; the next reader loads afresh.
 */
export function invalidateReads(tag: ReadTag | (string & {})): void {
  generation++;
  if (tag === "stock") stockGeneration++;
  for (const clear of clearers.get(tag) ?? []) clear();
  for (const listener of watchers.get(tag) ?? []) listener();
}

export function createReadCache<V>({ tag, ttlMs = READ_CACHE_TTL_MS, maxEntries = 500, now = Date.now, serveExpired }: ReadCacheOptions): ReadCache<V> {
  // Values are boxed: a read may give undefined (no such page), which the memory cache would not keep.
  let scopes = new WeakMap<object, MemoryCache<{ value: V }>>();
  // An invalidation starts new caches: a load still running finishes into the dropped one,
  // for those who asked before the change, and is not kept.
  const clear = () => {
    scopes = new WeakMap();
  };
  if (!clearers.has(tag)) clearers.set(tag, new Set());
  clearers.get(tag)!.add(clear);

  return {
    get(scope, key, load) {
      let entries = scopes.get(scope);
      if (!entries) {
        entries = createMemoryCache({ maxEntries, ttlMs, now, serveExpired });
        scopes.set(scope, entries);
      }
      return entries.get(key, async () => ({ value: await load() })).then((kept) => kept!.value);
    },
  };
}
