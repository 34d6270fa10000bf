import { inArray } from "drizzle-orm";
import { buybackOffersSeeder } from "./buyback-offers.server.ts";
import { productsSeeder, vatCoinPremiumsSeeder } from "./catalog-products.server.ts";
import { catalogSectionsSeeder } from "./catalog-sections.server.ts";
import { coinLaunchesSeeder } from "./coin-launches.server.ts";
import { consentPagesSeeder, contentItemsSeeder, contentPagesBodiesSeeder, promotionRulesSeeder } from "./content.server.ts";
import { pagesSeeder } from "./content-pages.server.ts";
import type { Database } from "../db/client.server.ts";
import { seedRuns } from "../db/schema.ts";
import type { Seeder } from "./seeder.ts";

/** Every seeder, in dependency order. Later concerns append theirs. */
export const seeders: Seeder[] = [
  catalogSectionsSeeder,
  productsSeeder,
  pagesSeeder,
  buybackOffersSeeder,
  contentPagesBodiesSeeder,
  contentItemsSeeder,
  promotionRulesSeeder,
  consentPagesSeeder,
  vatCoinPremiumsSeeder,
  coinLaunchesSeeder,
];

/**
 * Runs the seeders. With `onlyNew`, a seeder already recorded as run is skipped:
 * that is what start-up does, so data the operator deleted does not come back.
 */
export async function seedDatabase(db: Database, options: { onlyNew: boolean }): Promise<string[]> {
  const done = options.onlyNew
    ? new Set(
        (
          await db
            .select({ name: seedRuns.name })
            .from(seedRuns)
            .where(
              inArray(
                seedRuns.name,
                seeders.map((s) => s.name),
              ),
            )
        ).map((row) => row.name),
      )
    : new Set<string>();
  const applied: string[] = [];
  for (const seeder of seeders) {
    if (done.has(seeder.name)) continue;
    await db.transaction(async (tx) => {
      await seeder.run(tx);
      await tx.insert(seedRuns).values({ name: seeder.name }).onConflictDoNothing();
    });
    applied.push(seeder.name);
  }
  return applied;
}
