import { describe, expect, it } from "vitest";
import { useTempDatabase } from "#tests/support/temp-database.ts";
import { consumeRateLimit, consumeRateLimits } from "./rate-limit.server.ts";


const database = useTempDatabase("rate-limit-test");

const perHour = { bucket: "test-hour", limit: 3, windowMs: 3_600_000 };
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 12, minutes));

describe("consumeRateLimit", () => {
  it("allows up to the limit within the window, then says when to come back", async () => {
    for (let i = 0; i < 3; i++) expect((await consumeRateLimit(database.handle.db, perHour, "a", at(i))).allowed).toBe(true);
    // The first event was at 12:00; at 12:10 it leaves the window in 50 minutes.
    expect(await consumeRateLimit(database.handle.db, perHour, "a", at(10))).toEqual({ allowed: false, retryAfterSeconds: 3000 });
    // Another key is counted apart.
    expect(await consumeRateLimit(database.handle.db, perHour, "b", at(10))).toEqual({ allowed: true, eventIds: [expect.any(Number)] });
  });

  it("allows again once old events leave the window", async () => {
    expect((await consumeRateLimit(database.handle.db, perHour, "a", at(61))).allowed).toBe(true);
  });

  it("holds under concurrent requests", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => consumeRateLimit(database.handle.db, perHour, "burst", at(0))));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });
});

describe("consumeRateLimits", () => {
  it("counts nothing when one of the limits refuses", async () => {
    const perPhone = { bucket: "test-phone", limit: 1, windowMs: 3_600_000 };
    const perIp = { bucket: "test-ip", limit: 5, windowMs: 3_600_000 };
    expect((await consumeRateLimits(database.handle.db, [{ rule: perPhone, key: "+79990000001" }, { rule: perIp, key: "10.0.0.1" }], at(0))).allowed).toBe(true);
    expect((await consumeRateLimits(database.handle.db, [{ rule: perPhone, key: "+79990000001" }, { rule: perIp, key: "10.0.0.1" }], at(1))).allowed).toBe(false);
    // The refused request did not use up the IP's allowance: four more go through.
    for (let i = 2; i < 6; i++) {
      expect((await consumeRateLimits(database.handle.db, [{ rule: perPhone, key: `+7999000000${i}` }, { rule: perIp, key: "10.0.0.1" }], at(i))).allowed).toBe(true);
    }
    expect((await consumeRateLimits(database.handle.db, [{ rule: perPhone, key: "+79990000009" }, { rule: perIp, key: "10.0.0.1" }], at(7))).allowed).toBe(false);
  });
});
