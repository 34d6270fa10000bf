import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { shopSettings } from "../db/schema.ts";
import { createReadCache } from "../shared/read-cache.ts";
import { changedReads } from "../db/read-changes.server.ts";
import { cliActor, type StaffActor, writeAudit } from "../audit/audit.server.ts";

const SALES_KEY = "sales";

export type SalesSetting = { paused: boolean; changedAt: string; note?: string };

/** Whether the operator paused sales (`npm run shop -- pause`). Read on every page, so it holds at once on every instance. */
export async function readSalesSetting(db: Database): Promise<SalesSetting> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, SALES_KEY)).limit(1);
  const value = row?.value as Partial<SalesSetting> | undefined;
  return { paused: value?.paused === true, changedAt: value?.changedAt ?? "", note: value?.note };
}

/**
 * The same setting for the banner every storefront page shows: one query less per page
 *. A pause drops it at once here and, through NOTIFY, on every instance
 * (changedReads below); placing an order still reads the row itself (checkout/scope.server.ts).
 */
const salesShownCache = createReadCache<SalesSetting>({ tag: "settings", maxEntries: 1 });

export function readSalesSettingShown(db: Database): Promise<SalesSetting> {
  return salesShownCache.get(db, SALES_KEY, () => readSalesSetting(db));
}

/** A reason shown to buyers is at most this long. */
export const SALES_NOTE_MAX = 300;

/**
 * Pauses or resumes sales, with the reason buyers are shown; audited in the same transaction
 * (as "cli" for `npm run shop`, as the member of staff in /admin).
 */
export async function setSalesPaused(db: Database, paused: boolean, note?: string, actor: StaffActor = cliActor): Promise<SalesSetting> {
  const reason = note?.trim().slice(0, SALES_NOTE_MAX);
  const value: SalesSetting = { paused, changedAt: new Date().toISOString(), ...(paused && reason ? { note: reason } : {}) };
  const saved = await db.transaction(async (tx) => {
    const before = await readSalesSetting(tx);
    await tx
      .insert(shopSettings)
      .values({ key: SALES_KEY, value })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: sql`now()` } });
    await writeAudit(tx, actor, { action: paused ? "sales.pause" : "sales.resume", entity: "shop:sales", before: { ...before }, after: { ...value } });
    return value;
  });
  // Pages show whether the shop takes orders and why not: cached pages (here and on other instances) go.
  await changedReads(db, "settings");
  return saved;
}

/**
 * docs/architecture.md §5: the shop takes orders unless the operator paused sales or
 * the quotes are older than the allowed age (prices would not follow the market).
 */
export function isShopOpen({ paused, quotesFresh }: { paused: boolean; quotesFresh: boolean }): boolean {
  return !paused && quotesFresh;
}
