import { describe, expect, it } from "vitest";
import { createReadCache, invalidateReads, pageReadsGenerations, readsGeneration } from "./read-cache.ts";

/** A clock the test moves, and a load that counts its calls. */
function setup(options: { ttlMs?: number; maxEntries?: number; tag?: string; serveExpired?: boolean } = {}) {
  let time = 1_000;
  const cache = createReadCache<string>({
    tag: options.tag ?? `test-${Math.random()}`,
    ttlMs: options.ttlMs ?? 30_000,
    maxEntries: options.maxEntries,
    now: () => time,
    serveExpired: options.serveExpired,
  });
  let calls = 0;
  const load = (value: string) => () => {
    calls += 1;
    return Promise.resolve(value);
  };
  return {
    cache,
    load,
    calls: () => calls,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

const db = {};

describe("createReadCache", () => {
  it("answers from memory until the entry expires, then loads again", async () => {
    const { cache, load, calls, advance } = setup({ ttlMs: 30_000 });
    expect(await cache.get(db, "sections", load("first"))).toBe("first");
    advance(29_999);
    expect(await cache.get(db, "sections", load("second"))).toBe("first");
    expect(calls()).toBe(1);
    advance(2);
    expect(await cache.get(db, "sections", load("second"))).toBe("second");
    expect(calls()).toBe(2);
  });

  it("keeps keys and databases apart", async () => {
    const { cache, load } = setup();
    const other = {};
    expect(await cache.get(db, "a", load("a in db"))).toBe("a in db");
    expect(await cache.get(db, "b", load("b in db"))).toBe("b in db");
    expect(await cache.get(other, "a", load("a in other"))).toBe("a in other");
    expect(await cache.get(db, "a", load("again"))).toBe("a in db");
  });

  it("runs one load for readers that miss at the same time", async () => {
    const { cache } = setup();
    let release!: (value: string) => void;
    const pending = new Promise<string>((resolve) => (release = resolve));
    let started = 0;
    const slow = () => {
      started += 1;
      return pending;
    };
    const readers = [cache.get(db, "k", slow), cache.get(db, "k", slow), cache.get(db, "k", slow)];
    release("loaded");
    expect(await Promise.all(readers)).toEqual(["loaded", "loaded", "loaded"]);
    expect(started).toBe(1);
  });

  it("does not keep a failed load: the next reader tries again", async () => {
    const { cache, load } = setup();
    await expect(cache.get(db, "k", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.get(db, "k", load("recovered"))).toBe("recovered");
  });

  it("drops a tag's entries on invalidation, and only that tag's", async () => {
    const catalog = setup({ tag: "catalog-test" });
    const content = setup({ tag: "content-test" });
    await catalog.cache.get(db, "k", catalog.load("old catalog"));
    await content.cache.get(db, "k", content.load("old content"));
    invalidateReads("catalog-test");
    expect(await catalog.cache.get(db, "k", catalog.load("new catalog"))).toBe("new catalog");
    expect(await content.cache.get(db, "k", content.load("new content"))).toBe("old content");
  });

  it("does not keep a load that was running when the data changed", async () => {
    const { cache, load } = setup({ tag: "racing-test" });
    let release!: (value: string) => void;
    const pending = new Promise<string>((resolve) => (release = resolve));
    const before = cache.get(db, "k", () => pending);
    invalidateReads("racing-test");
    release("read before the change");
    expect(await before).toBe("read before the change");
    expect(await cache.get(db, "k", load("read after the change"))).toBe("read after the change");
  });

  it("does not let a load that hangs hold later readers past the entry's lifetime", async () => {
    const { cache, load, advance } = setup({ ttlMs: 1_000 });
    void cache.get(db, "k", () => new Promise<string>(() => undefined));
    advance(1_000);
    expect(await cache.get(db, "k", load("fresh"))).toBe("fresh");
  });

  it("keeps at most maxEntries per database, dropping the oldest", async () => {
    const { cache, load, calls } = setup({ maxEntries: 2 });
    await cache.get(db, "/a", load("a"));
    await cache.get(db, "/b", load("b"));
    await cache.get(db, "/c", load("c"));
    expect(calls()).toBe(3);
    expect(await cache.get(db, "/c", load("c again"))).toBe("c");
    expect(await cache.get(db, "/a", load("a again"))).toBe("a again");
  });
});

describe("a query builder as the load", () => {
  it("runs the query once however many readers await it", async () => {
    const { cache } = setup();
    let executions = 0;
    // Like drizzle's query builders: every `then` executes the query again.
    // oxlint-disable-next-line unicorn/no-thenable -- a thenable that is not a promise is what this test is about
    const query = { then: (resolve: (rows: string) => void) => resolve(`rows ${++executions}`) } as PromiseLike<string>;
    const readers = await Promise.all([cache.get(db, "q", () => query), cache.get(db, "q", () => query)]);
    expect(readers).toEqual(["rows 1", "rows 1"]);
    expect(await cache.get(db, "q", () => query)).toBe("rows 1");
    expect(executions).toBe(1);
  });
});

describe("the generations the shared page cache keys pages by", () => {
  it("a stock change moves only the stock's count; any other change moves the rest; cached reads see both", () => {
    const before = pageReadsGenerations();
    const all = readsGeneration();
    invalidateReads("stock");
    expect(pageReadsGenerations()).toEqual({ others: before.others, stock: before.stock + 1 });
    invalidateReads("catalog");
    invalidateReads("quotes");
    expect(pageReadsGenerations()).toEqual({ others: before.others + 2, stock: before.stock + 1 });
    expect(readsGeneration()).toBe(all + 3);
  });
});

describe("a read cache that serves an expired value while it is read again", () => {
  it("answers the kept value past its time at once and reads it again once in the background; an invalidation is waited for", async () => {
    const tag = `test-${Math.random()}`;
    const { cache, advance } = setup({ ttlMs: 30_000, tag, serveExpired: true });
    let reads = 0;
    let release: () => void = () => undefined;
    const slowRead = (value: string) => () => {
      reads += 1;
      return new Promise<string>((resolve) => (release = () => resolve(value)));
    };
    const first = cache.get(db, "moments", slowRead("v1"));
    release();
    expect(await first).toBe("v1");
    advance(31_000);
    // Past its time, with the database slow: the kept value now, one read behind it.
    expect(await cache.get(db, "moments", slowRead("v2"))).toBe("v1");
    expect(await cache.get(db, "moments", slowRead("v3"))).toBe("v1");
    expect(reads).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get(db, "moments", slowRead("v4"))).toBe("v2");
    // A change of its data: no old value stands in.
    invalidateReads(tag);
    const after = cache.get(db, "moments", slowRead("v5"));
    release();
    expect(await after).toBe("v5");
  });
});
