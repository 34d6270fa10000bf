import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimitEvents } from "#app/modules/db/schema.ts";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { consumeRateLimit, consumeRateLimits, consumeRateLimitsWithoutWaiting, limitKey } from "./rate-limit.server.ts";

const database = withTempDatabase("rate-limit-test");

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
    expect(
      (
        await consumeRateLimits(
          database.handle.db,
          [
            { rule: perPhone, key: "+79990000001" },
            { rule: perIp, key: "10.0.0.1" },
          ],
          at(0),
        )
      ).allowed,
    ).toBe(true);
    expect(
      (
        await consumeRateLimits(
          database.handle.db,
          [
            { rule: perPhone, key: "+79990000001" },
            { rule: perIp, key: "10.0.0.1" },
          ],
          at(1),
        )
      ).allowed,
    ).toBe(false);
    // The refused request did not use up the IP's allowance: four more go through.
    for (let i = 2; i < 6; i++) {
      expect(
        (
          await consumeRateLimits(
            database.handle.db,
            [
              { rule: perPhone, key: `+7999000000${i}` },
              { rule: perIp, key: "10.0.0.1" },
            ],
            at(i),
          )
        ).allowed,
      ).toBe(true);
    }
    expect(
      (
        await consumeRateLimits(
          database.handle.db,
          [
            { rule: perPhone, key: "+79990000009" },
            { rule: perIp, key: "10.0.0.1" },
          ],
          at(7),
        )
      ).allowed,
    ).toBe(false);
  });
});

describe("consumeRateLimitsWithoutWaiting (a crowd's path)", () => {
  const perBuyer = { bucket: "test-crowd-buyer", limit: 2, windowMs: 60_000 };
  const perIp = { bucket: "test-crowd-ip", limit: 3, windowMs: 60_000 };
  const second = (s: number) => new Date(Date.UTC(2026, 10, 21, 12, 0, s));
  const attempt = (buyer: string, s: number) =>
    consumeRateLimitsWithoutWaiting(
      database.handle.db,
      [
        { rule: perBuyer, key: buyer },
        { rule: perIp, key: "::ffff:10.1.1.1" },
      ],
      second(s),
    );

  it("allows up to each limit, then says when to come back, and a refusal uses up neither limit", async () => {
    expect((await attempt("1", 0)).allowed).toBe(true);
    expect((await attempt("1", 10)).allowed).toBe(true);
    // The buyer's third within the minute: refused until the first leaves the window at 12:01:00.
    expect(await attempt("1", 20)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // That refusal did not count against the address: one more person behind it gets through.
    expect((await attempt("2", 21)).allowed).toBe(true);
    expect(await attempt("3", 30)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    const left = await database.handle.db.select().from(rateLimitEvents).where(eq(rateLimitEvents.bucket, "test-crowd-ip"));
    expect(left).toHaveLength(3);
    // A minute after the first, the address has room again.
    expect((await attempt("3", 61)).allowed).toBe(true);
  });

  it("counts the address's events as the locked count does (an IPv4 address written as IPv6 is itself)", async () => {
    const events = await database.handle.db.select({ key: rateLimitEvents.key }).from(rateLimitEvents).where(eq(rateLimitEvents.bucket, "test-crowd-ip"));
    expect(new Set(events.map((event) => event.key))).toEqual(new Set(["10.1.1.1"]));
  });
});

describe("IPv6 addresses", () => {
  it("count for their /64 network: a subscriber cannot take a fresh address for every try", async () => {
    const perIp = { bucket: "test-ip6", limit: 2, windowMs: 3_600_000 };
    expect((await consumeRateLimit(database.handle.db, perIp, "2001:db8:1:2::1", at(0))).allowed).toBe(true);
    expect((await consumeRateLimit(database.handle.db, perIp, "2001:db8:1:2:ffff:1:2:3", at(1))).allowed).toBe(true);
    expect((await consumeRateLimit(database.handle.db, perIp, "2001:0db8:0001:0002:abcd::9", at(2))).allowed).toBe(false);
    // The next /64 is someone else.
    expect((await consumeRateLimit(database.handle.db, perIp, "2001:db8:1:3::1", at(2))).allowed).toBe(true);
  });

  it("keys: an IPv6 address its /64, an IPv4 one (also written as IPv6) itself, anything else unchanged", () => {
    expect(limitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(limitKey("2001:DB8:0:0:1::1")).toBe("2001:db8:0:0::/64");
    expect(limitKey("::1")).toBe("0:0:0:0::/64");
    expect(limitKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(limitKey("192.0.2.7")).toBe("192.0.2.7");
    expect(limitKey("+79161234567")).toBe("+79161234567");
    expect(limitKey("unknown")).toBe("unknown");
  });
});
