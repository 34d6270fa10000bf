import { and, eq, inArray, isNotNull, like, lt, or, sql } from "drizzle-orm";
import { pruneExpiredSessions } from "../auth/sessions.server.ts";
import { pruneExpiredStaffSessions } from "../staff/sessions.server.ts";
import { lockKeys, type DatabaseHandle, type HeldLock } from "../db/client.server.ts";
import type { Database } from "../db/client.server.ts";
import { checkoutDrafts, listItems, shopSettings, smsCodes } from "../db/schema.ts";
import { retryPendingRefunds } from "../orders/payments.server.ts";
import { getPaymentProvider } from "../payments/configured-provider.server.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { pruneRateLimitEvents } from "../rate-limit/rate-limit.server.ts";
import { log } from "../shared/log.server.ts";

/**
 * Housekeeping (docs/architecture.md §10): what the shop no longer needs is
 * deleted, so no table grows for ever. One instance runs it (the holder of an advisory lock)
 * every hour; the operator runs the same function with `npm run shop -- prune`.
 */

const DAY_MS = 86_400_000;

export const housekeepingRules = {
  /** Every rate-limit window is at most a day; one more day of margin. */
  rateLimitEventsKeepMs: 2 * DAY_MS,
  /** A code lives five minutes; a day later nothing (resend pause, limits) reads it. */
  smsCodesKeepMs: DAY_MS,
  /** A visitor's cart, wishlist, comparison or checkout draft nobody touched for this long. */
  anonymousKeepMs: 90 * DAY_MS,
  /** How often the leader runs it. */
  intervalMs: 3_600_000,
} as const;

export type PruneCounts = {
  sessions: number;
  rateLimitEvents: number;
  smsCodes: number;
  anonymousListItems: number;
  checkoutDrafts: number;
};

/** Deletes what has expired or gone stale as of `now`; how many rows of each kind. */
export async function pruneStaleData(db: Database, now = new Date()): Promise<PruneCounts> {
  const at = (keepMs: number) => new Date(now.getTime() - keepMs);
  // Buyers' and staff's expired sessions alike.
  const sessions = (await pruneExpiredSessions(db, now)) + (await pruneExpiredStaffSessions(db, now));
  const rateLimitEvents = await pruneRateLimitEvents(db, at(housekeepingRules.rateLimitEventsKeepMs));

  // Codes a day old are used, voided or expired: a code lives minutes.
  const codesBefore = at(housekeepingRules.smsCodesKeepMs);
  const codes = await db
    .delete(smsCodes)
    .where(and(lt(smsCodes.createdAt, codesBefore), or(isNotNull(smsCodes.closedAt), lt(smsCodes.expiresAt, now))))
    .returning({ id: smsCodes.id });

  // A visitor's list goes as a whole once none of its lines changed for 90 days; signed-in buyers' lists stay.
  const staleBefore = at(housekeepingRules.anonymousKeepMs);
  const staleLists = db
    .select({ list: listItems.list, owner: listItems.owner })
    .from(listItems)
    .where(like(listItems.owner, "visitor:%"))
    .groupBy(listItems.list, listItems.owner)
    .having(lt(sql`max(${listItems.updatedAt})`, staleBefore));
  const items = await db
    .delete(listItems)
    .where(and(like(listItems.owner, "visitor:%"), inArray(sql`(${listItems.list}, ${listItems.owner})`, staleLists)))
    .returning({ id: listItems.id });

  const drafts = await db
    .delete(checkoutDrafts)
    .where(and(like(checkoutDrafts.owner, "visitor:%"), lt(checkoutDrafts.updatedAt, staleBefore)))
    .returning({ owner: checkoutDrafts.owner });

  return { sessions, rateLimitEvents, smsCodes: codes.length, anonymousListItems: items.length, checkoutDrafts: drafts.length };
}

const LAST_RUN_KEY = "housekeeping";

export type HousekeepingRun = { at: string; counts: PruneCounts };

/** Runs pruneStaleData, logs what it removed and keeps it as the last run (shown in /admin/shop). */
export async function runHousekeeping(db: Database, now = new Date()): Promise<PruneCounts> {
  const counts = await pruneStaleData(db, now);
  log.info("housekeeping: removed stale rows", counts);
  const value: HousekeepingRun = { at: now.toISOString(), counts };
  await db
    .insert(shopSettings)
    .values({ key: LAST_RUN_KEY, value })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: sql`now()` } });
  return counts;
}

/** The last housekeeping run (by the hourly loop or `npm run shop -- prune`), or null before the first. */
export async function lastHousekeepingRun(db: Database): Promise<HousekeepingRun | null> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, LAST_RUN_KEY)).limit(1);
  return (row?.value as HousekeepingRun | undefined) ?? null;
}

/**
 * The hourly loop: every instance tries, the holder of the advisory lock runs it (the same
 * election as the quotes refresher), so one instance prunes at a time and another takes over
 * when it dies. Never throws.
 */
export class Housekeeper {
  private leadership: HeldLock | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly handle: DatabaseHandle;
  private readonly intervalMs: number;

  private readonly payments: (() => PaymentProvider) | undefined;

  /** `payments`: the provider whose failed refunds each round tries again (none in unit tests). */
  constructor(handle: DatabaseHandle, intervalMs: number = housekeepingRules.intervalMs, payments?: () => PaymentProvider) {
    this.handle = handle;
    this.intervalMs = intervalMs;
    this.payments = payments;
  }

  start(): void {
    // The first round an interval after start: out of the way of start-up, and of short-lived test shops.
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    await this.leadership?.release();
    this.leadership = null;
  }

  /** One round: prunes when this instance holds the lock. Resolves with the counts, or null when another instance leads. */
  async tick(now = new Date()): Promise<PruneCounts | null> {
    let counts: PruneCounts | null = null;
    const round = (async () => {
      try {
        if (!this.leadership?.held) {
          await this.leadership?.release();
          this.leadership = await this.handle.tryHoldLock(lockKeys.housekeeping);
        }
        if (this.leadership) {
          counts = await runHousekeeping(this.handle.db, now);
          // A refund the provider did not take (down, timed out) is tried again with its own key.
          if (this.payments) {
            const retried = await retryPendingRefunds(this.handle.db, this.payments());
            if (retried > 0) log.warn("housekeeping: refunds that had failed went through", { retried });
          }
        }
      } catch (error) {
        log.warn("housekeeping failed; it runs again next hour", { error: error instanceof Error ? error.message : String(error) });
      }
    })();
    this.running = round;
    await round;
    return counts;
  }
}

let housekeeper: Housekeeper | undefined;

/** Starts this process's housekeeping loop (once). */
export function startHousekeeping(handle: DatabaseHandle): void {
  housekeeper ??= new Housekeeper(handle, housekeepingRules.intervalMs, () => getPaymentProvider(handle.db));
  housekeeper.start();
}

export async function stopHousekeeping(): Promise<void> {
  const current = housekeeper;
  housekeeper = undefined;
  await current?.stop();
}
