import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { shopSettings } from "../db/schema.ts";
import type { Outcome } from "../shared/failure.ts";

const KEY = "quotes-refresh";

/** How the quotes' fetches went, for /admin/shop: kept in the database, so any instance shows what the fetching one saw. */
export type RefreshLog = {
  provider: string;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** Failed fetches since the last good one. */
  failuresInRow: number;
};

export async function readRefreshLog(db: Database): Promise<RefreshLog | null> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, KEY)).limit(1);
  return (row?.value as RefreshLog | undefined) ?? null;
}

/** Records one fetch: a success clears the run of failures, a failure keeps its message (first 300 characters). */
export async function recordRefreshOutcome(db: Database, provider: string, outcome: Outcome, now = new Date()): Promise<void> {
  const previous = await readRefreshLog(db);
  const at = now.toISOString();
  const value: RefreshLog = outcome.ok
    ? { provider, lastAttemptAt: at, lastSuccessAt: at, lastError: previous?.lastError ?? null, lastErrorAt: previous?.lastErrorAt ?? null, failuresInRow: 0 }
    : {
        provider,
        lastAttemptAt: at,
        lastSuccessAt: previous?.provider === provider ? previous.lastSuccessAt : null,
        lastError: outcome.reason.slice(0, 300),
        lastErrorAt: at,
        failuresInRow: (previous?.provider === provider ? previous.failuresInRow : 0) + 1,
      };
  await db
    .insert(shopSettings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: sql`now()` } });
}
