import { and, eq, isNull } from "drizzle-orm";
import { products } from "../db/schema.ts";
import type { Seeder } from "./seeder.ts";

/** The announced demo coin: its sales open two weeks after the shop was seeded, at 10:00 Moscow time. */
export const DEMO_COMING_SKU = "AG-0027";
/** The demo coin on sale since two days before seeding, at most 2 pieces to one buyer. */
export const DEMO_LAUNCHED_SKU = "AG-0029";

const DAY_MS = 86_400_000;

/** 10:00 Moscow (07:00 UTC) on the day `days` after `now`. */
function tenInMoscow(now: Date, days: number): Date {
  const day = new Date(now.getTime() + days * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 7, 0, 0));
}

/**
 * Shows the launch of a new coin to a newcomer (decision 056): one coin announced, «Скоро в
 * продаже» with its opening moment, mintage and cap, and one launched coin on sale now whose page
 * says «не более 2 шт. в одни руки». Only coins without an announcement are changed, so a second
 * run moves no moment the operator set.
 */
export const coinLaunchesSeeder: Seeder = {
  name: "coin-launches",
  async run(db) {
    const now = new Date();
    const opensAt = tenInMoscow(now, 14);
    await db
      .update(products)
      .set({
        salesOpenAt: opensAt,
        issueDate: new Date(opensAt.getTime() - DAY_MS).toISOString().slice(0, 10),
        mintage: 3000,
        expectedPrice: "около 7 000 ₽",
        buyerCap: 2,
      })
      .where(and(eq(products.sku, DEMO_COMING_SKU), isNull(products.salesOpenAt)));
    await db
      .update(products)
      .set({ salesOpenAt: tenInMoscow(now, -2), issueDate: new Date(now.getTime() - 3 * DAY_MS).toISOString().slice(0, 10), mintage: 5000, buyerCap: 2 })
      .where(and(eq(products.sku, DEMO_LAUNCHED_SKU), isNull(products.salesOpenAt)));
  },
};
