import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { quoteReadings } from "../db/schema.ts";
import { embeddedValuesOn } from "./providers/embedded.ts";
import { QuotesProviderError, type ProviderReading, type QuotesProvider } from "./providers/provider.ts";
import { loadSnapshot, QuotesService, refreshQuotes } from "./service.server.ts";

const database = withTempDatabase("quotes-test");

/** A provider answering set values, or failing on demand, and counting its calls. */
function fakeProvider(id: "cbr" | "moex") {
  const state = {
    fail: false,
    latestCalls: 0,
    historyCalls: [] as [string, string][],
    day: "2026-11-20",
    values: { XAU_RUB: 11_000, XAG_RUB: 140, USD_RUB: 80 },
  };
  const provider: QuotesProvider = {
    id,
    label: "Тестовый источник",
    async latest() {
      state.latestCalls++;
      if (state.fail) throw new QuotesProviderError("source down");
      return Object.entries(state.values).map(([instrument, value]) => ({ instrument, value, tradingDate: state.day }) as ProviderReading);
    },
    async history(from, to) {
      state.historyCalls.push([from, to]);
      if (state.fail) throw new QuotesProviderError("source down");
      return [...embeddedValuesOn("2026-11-18"), ...embeddedValuesOn("2026-11-19")].map((r) => ({
        ...r,
        value: r.instrument === "XAU_RUB" ? 10_900 : r.value,
      }));
    },
  };
  return { provider, state };
}

const settings = { refreshIntervalMs: 600_000, maxAgeMinutes: 180 };

describe("refreshQuotes", () => {
  it("stores the latest figures and, the first time, the history before them", async () => {
    const { provider, state } = fakeProvider("cbr");
    await refreshQuotes(database.handle, provider, new Date("2026-11-20T12:00:00Z"));
    expect(state.historyCalls).toEqual([["2025-10-16", "2026-11-19"]]);
    const snapshot = await loadSnapshot(database.handle, provider);
    expect(snapshot?.tradingDate).toBe("2026-11-20");
    // Against 2026-11-19, the previous trading day from the history.
    expect(snapshot?.courses.XAU_RUB).toMatchObject({ course: 11_000, diff: 100, direction: "up" });
    expect(snapshot?.time.toISOString()).toBe("2026-11-20T12:00:00.000Z");
  });

  it("asks only for the missing days afterwards", async () => {
    const { provider, state } = fakeProvider("cbr");
    state.day = "2026-11-24";
    await refreshQuotes(database.handle, provider, new Date("2026-11-24T12:00:00Z"));
    expect(state.historyCalls).toEqual([["2026-11-21", "2026-11-23"]]);
  });

  it("refuses an answer without a usable figure and stores nothing", async () => {
    const { provider, state } = fakeProvider("moex");
    state.values.XAG_RUB = Number.NaN;
    const [before] = await database.handle.db.select({ n: count() }).from(quoteReadings);
    await expect(refreshQuotes(database.handle, provider)).rejects.toThrow(QuotesProviderError);
    const [after] = await database.handle.db.select({ n: count() }).from(quoteReadings);
    expect(after!.n).toBe(before!.n);
  });
});

describe("QuotesService", () => {
  it("keeps the last good quotes when the source fails, and goes stale after the allowed age", async () => {
    const { provider, state } = fakeProvider("moex");
    const service = new QuotesService(database.handle, provider, settings);
    await service.tick(new Date("2026-11-20T12:00:00Z"));
    const good = service.current();
    expect(good?.courses.XAU_RUB.course).toBe(11_000);

    state.fail = true;
    state.values.XAU_RUB = 12_000;
    await service.tick(new Date("2026-11-20T12:20:00Z"));
    expect(service.current()?.courses.XAU_RUB.course).toBe(11_000);
    expect(service.isFresh(new Date("2026-11-20T14:59:00Z"))).toBe(true);
    expect(service.isFresh(new Date("2026-11-20T15:01:00Z"))).toBe(false);

    state.fail = false;
    await service.tick(new Date("2026-11-20T15:10:00Z"));
    expect(service.current()?.courses.XAU_RUB.course).toBe(12_000);
    expect(service.isFresh(new Date("2026-11-20T15:11:00Z"))).toBe(true);
    await service.stop();
  });

  it("lets one instance fetch while the others only read", async () => {
    const leader = fakeProvider("cbr");
    const follower = fakeProvider("cbr");
    const a = new QuotesService(database.handle, leader.provider, settings);
    const b = new QuotesService(database.handle, follower.provider, settings);
    await a.tick(new Date("2026-11-25T12:00:00Z"));
    await b.tick(new Date("2026-11-25T12:00:00Z"));
    expect(leader.state.latestCalls).toBe(1);
    expect(follower.state.latestCalls).toBe(0);
    expect(b.current()?.tradingDate).toBe(a.current()?.tradingDate);
    // Within the interval the leader does not fetch again.
    await a.tick(new Date("2026-11-25T12:05:00Z"));
    expect(leader.state.latestCalls).toBe(1);
    await a.stop();
    // Once the leader stops, the other instance takes over.
    await b.tick(new Date("2026-11-25T12:30:00Z"));
    expect(follower.state.latestCalls).toBe(1);
    await b.stop();
  });
});
