import { describe, expect, it } from "vitest";
import series from "../embedded-series.json" with { type: "json" };
import { embeddedProvider, embeddedValuesOn } from "./embedded.ts";

describe("embedded provider", () => {
  it("has a year of values for gold, silver and the dollar at realistic levels", () => {
    expect(series.days).toBe(364);
    for (const values of Object.values(series.series)) expect(values).toHaveLength(364);
    expect(Math.min(...series.series.XAU_RUB)).toBeGreaterThan(5_000);
    expect(Math.max(...series.series.XAG_RUB)).toBeLessThan(400);
  });

  it("labels itself as demo data", () => {
    expect(embeddedProvider.label).toMatch(/Демо/);
  });

  it("gives each date a stable value, repeating every 52 weeks", () => {
    expect(embeddedValuesOn("2026-11-20")).toEqual(embeddedValuesOn("2026-11-20"));
    const later = embeddedValuesOn("2027-11-19").map((r) => r.value);
    expect(embeddedValuesOn("2026-11-20").map((r) => r.value)).toEqual(later);
  });

  it("answers the latest trading day on a weekend", async () => {
    const latest = await embeddedProvider.latest(new Date("2026-11-22T12:00:00Z"));
    expect(latest.map((r) => r.tradingDate)).toEqual(["2026-11-20", "2026-11-20", "2026-11-20"]);
    expect(latest.map((r) => r.instrument)).toEqual(["XAU_RUB", "XAG_RUB", "USD_RUB"]);
  });

  it("gives history for trading days only", async () => {
    const history = await embeddedProvider.history("2026-11-16", "2026-11-22");
    expect(new Set(history.map((r) => r.tradingDate))).toEqual(new Set(["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]));
  });
});
