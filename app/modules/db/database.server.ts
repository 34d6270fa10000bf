import { getConfig } from "../config/config.server.ts";
import { log } from "../shared/log.server.ts";
import { lockKeys, migrateDatabase, openDatabase, type DatabaseHandle } from "./client.server.ts";
import { seedDatabase } from "../seed/seed.server.ts";

let opening: Promise<DatabaseHandle> | undefined;

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
  const config = getConfig();
  const handle = await openDatabase(config);
  try {
    await handle.withExclusiveLock(lockKeys.migrateAndSeed, async () => {
      await migrateDatabase(handle);
      const seeded = await seedDatabase(handle.db, { onlyNew: true });
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
