import { inArray } from "drizzle-orm";
import { buybackOffersSeeder } from "../buyback/offers.seed.server.ts";
import { productsSeeder, vatCoinPremiumsSeeder } from "../catalog/products.seed.server.ts";
import { catalogSectionsSeeder } from "../catalog/sections.seed.server.ts";
import { consentPagesSeeder, contentItemsSeeder, contentPagesBodiesSeeder, promotionRulesSeeder } from "../content/content.seed.server.ts";
import { pagesSeeder } from "../content/pages.seed.server.ts";
import type { Database } from "./client.server.ts";
import { seedRuns } from "./schema.ts";

/**
 * A named piece of demo data. `run` must be idempotent (insert … on conflict do
 * nothing), so `npm run db:seed` can run it again at any time.
 */
export type Seeder = {
  name: string;
  run(db: Database): Promise<void>;
};

/** Every seeder, in dependency order. Later concerns append theirs. */
export const seeders: Seeder[] = [catalogSectionsSeeder, productsSeeder, pagesSeeder, buybackOffersSeeder, contentPagesBodiesSeeder, contentItemsSeeder, promotionRulesSeeder, consentPagesSeeder, vatCoinPremiumsSeeder];

/**
 * Runs the seeders. With `onlyNew`, a seeder already recorded as run is skipped:
 * that is what start-up does, so data the operator deleted does not come back.
 */
export async function seedDatabase(db: Database, options: { onlyNew: boolean }): Promise<string[]> {
  const done = options.onlyNew
    ? new Set(
        (await db.select({ name: seedRuns.name }).from(seedRuns).where(inArray(seedRuns.name, seeders.map((s) => s.name)))).map(
          (row) => row.name,
        ),
      )
    : new Set<string>();
  const applied: string[] = [];
  for (const seeder of seeders) {
    if (done.has(seeder.name)) continue;
    await db.transaction(async (tx) => {
      await seeder.run(tx as unknown as Database);
      await tx.insert(seedRuns).values({ name: seeder.name }).onConflictDoNothing();
    });
    applied.push(seeder.name);
  }
  return applied;
}
