import { getConfig } from "../config/config.server.ts";
import { log } from "../shared/log.server.ts";
import { lockKeys, migrateDatabase, openDatabase, type Database, type DatabaseHandle } from "./client.server.ts";

/** Adds what a new database lacks (the demo data) and answers the names of the seeders that ran. */
export type DatabaseSeed = (db: Database) => Promise<string[]>;

let opening: Promise<DatabaseHandle> | undefined;
let seed: DatabaseSeed | undefined;

/**
 * How the process's database is seeded when it opens, set by the composition root (entry.server.tsx)
 * before the first request: the seeders sit in the application layer, above db/. Opens nothing.
 */
export function configureDatabase(options: { seed: DatabaseSeed }): void {
  seed = options.seed;
}

/**
 * The process's database: opened, migrated and seeded on first use. Two instances
 * starting together on one PostgreSQL server take turns through an advisory lock.
 */
export function getDatabase(): Promise<DatabaseHandle> {
  opening ??= prepare().catch((error: unknown) => {
    // Do not keep a failed start: the next request tries again.
    opening = undefined;
    throw error;
  });
  return opening;
}

async function prepare(): Promise<DatabaseHandle> {
  const seedNew = seed;
  // A wiring mistake, not an outage: without the seeders a new database would open empty.
  if (!seedNew) throw new Error("configureDatabase({ seed }) was not called before the database was opened");
  const config = getConfig();
  const handle = await openDatabase(config);
  try {
    await handle.withExclusiveLock(lockKeys.migrateAndSeed, async () => {
      await migrateDatabase(handle);
      const seeded = await seedNew(handle.db);
      if (seeded.length > 0) log.info("demo data seeded", { seeders: seeded.join(",") });
    });
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  log.info("database ready", { kind: handle.kind });
  return handle;
}

export async function closeDatabase(): Promise<void> {
  const pending = opening;
  opening = undefined;
  if (!pending) return;
  const handle = await pending.catch(() => undefined);
  await handle?.close();
}
