import { describe, expect, it } from "vitest";
import { createTtlMemo } from "./ttl-cache.ts";

describe("createTtlMemo", () => {
  it("keeps a value for the TTL after it arrives, then loads again", async () => {
    let clock = 0;
    const memo = createTtlMemo({ ttlMs: 1000, now: () => clock });
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
    const memo = createTtlMemo({ ttlMs: 1000 });
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
    const memo = createTtlMemo({ ttlMs: 60_000 });
    await expect(memo("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(memo.size()).toBe(0);
    expect(await memo("k", async () => "up")).toBe("up");
  });

  it("keeps at most maxEntries keys, dropping the oldest", async () => {
    const memo = createTtlMemo({ ttlMs: 60_000, maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await memo("a", load);
    await memo("b", load);
    await memo("c", load);
    expect(memo.size()).toBe(2);
    expect(await memo("c", load)).toBe(3);
    expect(await memo("a", load)).toBe(4);
  });
});
