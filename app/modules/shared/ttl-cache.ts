/**
 * Remembers what an async load gave, per key, for a while. Concurrent loads of one key
 * share one call; a failed load is forgotten at once, so the next caller tries again.
 * At most `maxEntries` keys are kept (the oldest goes first), since keys may come from
 * buyers' input (a city search, a parcel weight).
 */
export type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>;

export type TtlCacheOptions = {
  ttlMs: number;
  maxEntries?: number;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
};

export function createTtlMemo(options: TtlCacheOptions): Memo & { clear(): void; size(): number } {
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Promise<unknown>; expiresAt: number }>();

  const memo = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const found = entries.get(key);
    if (found && now() < found.expiresAt) return found.value as Promise<T>;
    entries.delete(key);
    const value = load();
    // Until it settles the entry only shares the pending call; its time starts when it succeeds.
    const entry = { value, expiresAt: Number.POSITIVE_INFINITY };
    entries.set(key, entry);
    value.then(
      () => {
        entry.expiresAt = now() + options.ttlMs;
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return value;
  };
  return Object.assign(memo, { clear: () => entries.clear(), size: () => entries.size });
}
