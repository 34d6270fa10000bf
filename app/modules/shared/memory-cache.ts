/**
 * The shop's one in-memory cache (docs/decisions/030-one-cache-primitive.md), on the
 * `lru-cache` package: least recently used out first, bounded in entries and, where values
 * have a size, in bytes; entries expire `ttlMs` after their load finished; concurrent
 * misses of a key share one load; a failed load is not kept, so the next caller tries
 * again. Every cache keyed by request input (addresses, searches, picture modifiers) must
 * be one of these, so none can grow without bound.
 *
 * Built on it: the cached reads (read-cache.ts, with invalidation by tag), the outbound
 * memo (createMemo, CDEK's answers), the shared page cache (request/page-cache.server.ts)
 * and the processed pictures of /_ipx (server/image-proxy.ts).
 */
import { LRUCache } from "lru-cache";

export type MemoryCacheOptions<V> = {
  /** Entries kept at most. */
  maxEntries: number;
  /** How long an entry is served after its load finished, in milliseconds; none: until pushed out. */
  ttlMs?: number;
  /** The sum of `bytesOf` kept at most; a single value larger than this is returned but not kept. */
  maxBytes?: number;
  /** A value costing more than this is returned but not kept (maxBytes unless told). */
  maxEntryBytes?: number;
  /** What a value costs in memory (with maxBytes). */
  bytesOf?: (value: V) => number;
  /** Milliseconds, for tests (Date.now unless told). */
  now?: () => number;
  /**
   * Past ttlMs, the kept value is still answered while one load replaces it in the background
   * (lru-cache's allowStale fetch); only a missing value is waited for. For what changes only by
   * an invalidation (which drops the value), so that its periodic re-read never stalls readers.
   */
  serveExpired?: boolean;
};

export type MemoryCache<V extends {}> = {
  /**
   * The kept value of `key`, or what `load` gives (kept, and shared with everyone who asks
   * for the key while it runs). A load that resolves undefined keeps nothing, and everyone
   * who waited on it gets undefined. A load running longer than ttlMs is no longer shared:
   * the next caller starts its own (a load that hangs must not hold every later reader).
   */
  get(key: string, load: () => PromiseLike<V | undefined>): Promise<V | undefined>;
  /** The kept value, without loading, expiring or counting it as used. */
  peek(key: string): V | undefined;
  /** The kept value, counted as used (one past its lifetime is dropped); a load in flight is not waited for. */
  kept(key: string): V | undefined;
  /** Keeps `value` as `key`'s, in place of what was kept (a fresher value loaded beside get). */
  set(key: string, value: V): void;
  delete(key: string): void;
  clear(): void;
  size(): { entries: number; bytes: number };
};

export function createMemoryCache<V extends {}>({
  maxEntries,
  ttlMs,
  maxBytes,
  maxEntryBytes,
  bytesOf,
  now = Date.now,
  serveExpired = false,
}: MemoryCacheOptions<V>): MemoryCache<V> {
  type Load = () => PromiseLike<V | undefined>;
  const cache = new LRUCache<string, V, Load>({
    max: maxEntries,
    // lru-cache expires an entry when its age passes ttl; the shop's caches at ttl itself (whole milliseconds).
    ...(ttlMs ? { ttl: Math.max(1, ttlMs - 1) } : {}),
    ...(maxBytes
      ? { maxSize: maxBytes, maxEntrySize: maxEntryBytes ?? maxBytes, sizeCalculation: (value: V) => Math.max(1, Math.ceil(bytesOf?.(value) ?? 1)) }
      : {}),
    // No timer per lookup (its default caches the clock for a millisecond), and the tests' clock is read every time.
    ttlResolution: 0,
    // lru-cache reads a start time of 0 as 'never expires': a clock at 0 (a test's) counts as just after.
    perf: { now: () => now() || Number.MIN_VALUE },
    // The load that started a fetch is its caller's (fetch's context); a real promise around it,
    // as a query builder is a thenable that runs again on every `then` (and lru-cache waits only on promises).
    fetchMethod: (_key, _stale, { context }) => new Promise<V | undefined>((resolve) => resolve(context())),
    // A fetch dropped while running (a newer load, a delete, a clear) still answers those who waited on it.
    ignoreFetchAbort: true,
  });
  return {
    get(key, load) {
      // Kept, fresh or expired (then reloaded in the background, once), or loaded and waited for.
      if (serveExpired) return cache.fetch(key, { context: load, allowStale: true, noDeleteOnStaleGet: true });
      // A kept value, at once (lru-cache's get drops one past its lifetime).
      const kept = cache.get(key);
      if (kept !== undefined) return Promise.resolve(kept);
      // A load still running past the lifetime is dropped: the fetch below loads afresh.
      if (ttlMs && cache.getRemainingTTL(key) < 0) cache.delete(key);
      return cache.fetch(key, { context: load });
    },
    peek: (key) => cache.peek(key),
    kept: (key) => cache.get(key),
    set: (key, value) => void cache.set(key, value),
    delete: (key) => void cache.delete(key),
    clear: () => cache.clear(),
    size: () => ({ entries: cache.size, bytes: cache.calculatedSize }),
  };
}

/** Remembers what an async load gave, per key, for a while (CDEK's cities, points and tariffs). */
export type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/** A Memo on a memory cache: any value (undefined too) is kept; failures are not. */
export function createMemo(options: { ttlMs: number; maxEntries?: number; now?: () => number }): Memo & { clear(): void; size(): number } {
  const cache = createMemoryCache<{ value: unknown }>({ maxEntries: options.maxEntries ?? 1000, ttlMs: options.ttlMs, now: options.now });
  const memo = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const kept = await cache.get(key, async () => ({ value: await load() }));
    return kept!.value as T;
  };
  return Object.assign(memo, { clear: () => cache.clear(), size: () => cache.size().entries });
}
