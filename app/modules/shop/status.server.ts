import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { shopSettings } from "../db/schema.ts";
import { changedReads } from "../shared/read-changes.server.ts";

const SALES_KEY = "sales";

export type SalesSetting = { paused: boolean; changedAt: string; note?: string };

/** Whether the operator paused sales (`npm run shop -- pause`). Read on every page, so it holds at once on every instance. */
export async function readSalesSetting(db: Database): Promise<SalesSetting> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, SALES_KEY)).limit(1);
  const value = row?.value as Partial<SalesSetting> | undefined;
  return { paused: value?.paused === true, changedAt: value?.changedAt ?? "", note: value?.note };
}

export async function setSalesPaused(db: Database, paused: boolean, note?: string): Promise<SalesSetting> {
  const value: SalesSetting = { paused, changedAt: new Date().toISOString(), ...(note ? { note } : {}) };
  await db
    .insert(shopSettings)
    .values({ key: SALES_KEY, value })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: sql`now()` } });
  // Pages show whether the shop takes orders: cached pages (here and on other instances) go.
  await changedReads(db, "settings");
  return value;
}

/**
 * ARCHITECTURE section 5: the shop takes orders unless the operator paused sales or
 * the quotes are older than the allowed age (prices would not follow the market).
 */
export function isShopOpen({ paused, quotesFresh }: { paused: boolean; quotesFresh: boolean }): boolean {
  return !paused && quotesFresh;
}
