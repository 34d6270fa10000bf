import { describe, expect, it } from "vitest";
import { createMemo, createMemoryCache } from "./memory-cache.ts";

describe("createMemo", () => {
  it("keeps a value for the TTL after it arrives, then loads again", async () => {
    let clock = 0;
    const memo = createMemo({ ttlMs: 1000, now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await memo("a", load)).toBe(1);
    clock = 999;
    expect(await memo("a", load)).toBe(1);
    expect(await memo("b", load)).toBe(2);
    clock = 1000;
    expect(await memo("a", load)).toBe(3);
  });

  it("shares one pending load between concurrent callers", async () => {
    const memo = createMemo({ ttlMs: 1000 });
    let loads = 0;
    let release!: (value: string) => void;
    const load = () => {
      loads += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const both = Promise.all([memo("k", load), memo("k", load)]);
    release("value");
    expect(await both).toEqual(["value", "value"]);
    expect(loads).toBe(1);
  });

  it("does not keep a failure: the next call tries again", async () => {
    const memo = createMemo({ ttlMs: 60_000 });
    await expect(memo("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(memo.size()).toBe(0);
    expect(await memo("k", async () => "up")).toBe("up");
  });

  it("keeps at most maxEntries keys, dropping the oldest", async () => {
    const memo = createMemo({ ttlMs: 60_000, maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await memo("a", load);
    await memo("b", load);
    await memo("c", load);
    expect(memo.size()).toBe(2);
    expect(await memo("c", load)).toBe(3);
    expect(await memo("a", load)).toBe(4);
  });

  it("keeps a value of undefined like any other", async () => {
    const memo = createMemo({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return undefined;
    };
    expect(await memo("k", load)).toBeUndefined();
    expect(await memo("k", load)).toBeUndefined();
    expect(loads).toBe(1);
  });
});

describe("createMemoryCache", () => {
  const bytes = (text: string) => Buffer.from(text);

  it("stays within its bytes, least recently used out first, and does not keep a value larger than them", async () => {
    const cache = createMemoryCache<Buffer>({ maxEntries: 100, maxBytes: 10, bytesOf: (value) => value.length });
    await cache.get("a", async () => bytes("aaaa"));
    await cache.get("b", async () => bytes("bbbb"));
    // "a" used again: "b" is the oldest now.
    await cache.get("a", async () => bytes("never"));
    await cache.get("c", async () => bytes("cccc"));
    expect(cache.size()).toEqual({ entries: 2, bytes: 8 });
    expect(cache.peek("b")).toBeUndefined();
    expect(cache.peek("a")?.toString()).toBe("aaaa");
    const large = await cache.get("large", async () => bytes("x".repeat(11)));
    expect(large?.length).toBe(11);
    expect(cache.peek("large")).toBeUndefined();
    expect(cache.size().bytes).toBeLessThanOrEqual(10);
  });

  it("a load that gives undefined keeps nothing, and those who waited on it get undefined", async () => {
    const cache = createMemoryCache<string>({ maxEntries: 10 });
    let release!: (value: string | undefined) => void;
    const pending = new Promise<string | undefined>((resolve) => (release = resolve));
    let loads = 0;
    const load = () => {
      loads += 1;
      return pending;
    };
    const both = Promise.all([cache.get("k", load), cache.get("k", load)]);
    release(undefined);
    expect(await both).toEqual([undefined, undefined]);
    expect(loads).toBe(1);
    expect(cache.size().entries).toBe(0);
    expect(await cache.get("k", async () => "now")).toBe("now");
  });

  it("a load running past the lifetime is no longer shared, and still answers those who waited on it", async () => {
    let time = 1_000;
    const cache = createMemoryCache<string>({ maxEntries: 10, ttlMs: 1_000, now: () => time });
    let release!: (value: string) => void;
    const slow = cache.get("k", () => new Promise<string>((resolve) => (release = resolve)));
    time += 1_000;
    expect(await cache.get("k", async () => "fresh")).toBe("fresh");
    release("late");
    expect(await slow).toBe("late");
    expect(await cache.get("k", async () => "again")).toBe("fresh");
  });
  it("kept() gives a kept value and counts it as used, but no load in flight and none past its lifetime", async () => {
    let clock = 1_000;
    const cache = createMemoryCache<string>({ maxEntries: 2, ttlMs: 1000, now: () => clock });
    await cache.get("a", async () => "A");
    await cache.get("b", async () => "B");
    // "a" read through kept(): "b" is the least recently used now, and goes first.
    expect(cache.kept("a")).toBe("A");
    await cache.get("c", async () => "C");
    expect(cache.peek("b")).toBeUndefined();
    expect(cache.kept("a")).toBe("A");

    let release!: (value: string) => void;
    const loading = cache.get("d", () => new Promise<string>((resolve) => (release = resolve)));
    expect(cache.kept("d")).toBeUndefined();
    release("D");
    expect(await loading).toBe("D");
    expect(cache.kept("d")).toBe("D");

    clock += 1000;
    expect(cache.kept("d")).toBeUndefined();
  });
});
