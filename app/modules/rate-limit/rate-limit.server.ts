import net from "node:net";
import { and, count, eq, gte, inArray, lt, lte, min, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { rateLimitEvents } from "../db/schema.ts";

export type RateLimit = {
  /** What is limited: "buyback-ip", "sms-phone"… */
  bucket: string;
  limit: number;
  windowMs: number;
};

/** Allowed: the counted events' ids (to take them back if the action then fails). */
export type RateLimitResult = { allowed: true; eventIds: number[] } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one event for `key` if fewer than `limit` happened within the window, in one
 * transaction under a lock on (bucket, key), so that concurrent requests on any
 * instance cannot slip past the limit together.
 */
export function consumeRateLimit(db: Database, rule: RateLimit, key: string, now = new Date()): Promise<RateLimitResult> {
  return consumeRateLimits(db, [{ rule, key }], now);
}

/**
 * Checks several limits together: counts the event in every bucket only when all of
 * them allow it (a refusal by the per-phone limit does not use up the per-IP one).
 */
export async function consumeRateLimits(db: Database, given: { rule: RateLimit; key: string }[], now = new Date()): Promise<RateLimitResult> {
  const checks = given.map(({ rule, key }) => ({ rule, key: limitKey(key) }));
  return db.transaction(async (tx) => {
    let refused: RateLimitResult | undefined;
    // Locks are always taken in the same order, so two requests cannot wait on each other.
    const ordered = [...checks].sort((a, b) => `${a.rule.bucket}:${a.key}`.localeCompare(`${b.rule.bucket}:${b.key}`));
    for (const { rule, key } of ordered) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${rule.bucket}:${key}`}))`);
      const seconds = await secondsUntilAllowed(tx, { rule, key }, rule.limit, now);
      if (seconds > 0) refused = { allowed: false, retryAfterSeconds: Math.max(seconds, refused && !refused.allowed ? refused.retryAfterSeconds : 0) };
    }
    if (refused) return refused;
    const inserted = await tx
      .insert(rateLimitEvents)
      .values(checks.map(({ rule, key }) => ({ bucket: rule.bucket, key, createdAt: now })))
      .returning({ id: rateLimitEvents.id });
    return { allowed: true, eventIds: inserted.map((row) => row.id) } as const;
  });
}

/**
 * Counts one event in every bucket as `consumeRateLimits` does, without a lock or a transaction: for
 * a limit on a crowd's path, where many people behind one address (an office, a mobile operator's
 * shared address) press at the same second and a lock per address would queue them all, each holding
 * a pooled connection. The events are written first, then each bucket's events of the window up to
 * this one are counted; over a limit, they are taken back. Requests racing each other may slip past
 * by the few whose writes were not yet visible, so this suits holding a script to a person's pace,
 * not a limit on what costs the shop money (SMS codes keep the locked count).
 */
export async function consumeRateLimitsWithoutWaiting(db: Database, given: { rule: RateLimit; key: string }[], now = new Date()): Promise<RateLimitResult> {
  const checks = given.map(({ rule, key }) => ({ rule, key: limitKey(key) }));
  const inserted = await db
    .insert(rateLimitEvents)
    .values(checks.map(({ rule, key }) => ({ bucket: rule.bucket, key, createdAt: now })))
    .returning({ id: rateLimitEvents.id });
  const eventIds = inserted.map((row) => row.id);
  let retryAfterSeconds = 0;
  for (const [index, check] of checks.entries()) {
    // This request's own event is among those counted, so the limit is passed when the count exceeds it.
    const seconds = await secondsUntilAllowed(db, check, check.rule.limit + 1, now, eventIds[index]);
    retryAfterSeconds = Math.max(retryAfterSeconds, seconds);
  }
  if (retryAfterSeconds === 0) return { allowed: true, eventIds };
  await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, eventIds));
  return { allowed: false, retryAfterSeconds };
}

/**
 * 0 when fewer than `refusedFrom` events of the bucket's key fall in the window (those up to the
 * event `upToId` when given); otherwise the seconds until its oldest one leaves the window.
 */
async function secondsUntilAllowed(
  db: Database,
  { rule, key }: { rule: RateLimit; key: string },
  refusedFrom: number,
  now: Date,
  upToId?: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count(), oldest: min(rateLimitEvents.createdAt) })
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.bucket, rule.bucket),
        eq(rateLimitEvents.key, key),
        gte(rateLimitEvents.createdAt, new Date(now.getTime() - rule.windowMs)),
        upToId === undefined ? undefined : lte(rateLimitEvents.id, upToId),
      ),
    );
  if ((row?.n ?? 0) < refusedFrom) return 0;
  const retryAfterMs = (row?.oldest ?? now).getTime() + rule.windowMs - now.getTime();
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

/**
 * The key an event is counted under. An IPv6 address counts for its /64 network: one
 * subscriber gets a whole /64 and could otherwise take a fresh address for every try.
 * An IPv4 address written as IPv6 (::ffff:1.2.3.4) counts as itself. Other keys (phones,
 * visitor ids) are kept as they are.
 */
export function limitKey(key: string): string {
  if (net.isIPv6(key)) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(key);
    if (mapped) return mapped[1]!;
    return `${ipv6Groups(key).slice(0, 4).join(":")}::/64`;
  }
  return key;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase().split("%")[0]!;
  // A trailing dotted IPv4 part is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16).toString(16));
}

/** Drops events older than a day beyond the longest window (housekeeping runs it); how many. */
export async function pruneRateLimitEvents(db: Database, olderThan: Date): Promise<number> {
  return (await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, olderThan)).returning({ id: rateLimitEvents.id })).length;
}
