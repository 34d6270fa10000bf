// npm run db:seed — migrates the database and runs every demo-data seeder again.
// Seeders insert only what is missing, so running this twice changes nothing.
import { getConfig } from "#app/modules/config/config.server.ts";
import { migrateDatabase, openDatabase, lockKeys } from "#app/modules/db/client.server.ts";
import { seedDatabase } from "#app/modules/seed/seed.server.ts";
import { runScript } from "./run-script.ts";

await runScript(async () => {
  const handle = await openDatabase(getConfig());
  try {
    const applied = await handle.withExclusiveLock(lockKeys.migrateAndSeed, async () => {
      await migrateDatabase(handle);
      return seedDatabase(handle.db, { onlyNew: false });
    });
    console.log(`Демо-данные загружены (${handle.kind}): ${applied.join(", ")}`);
  } finally {
    await handle.close();
  }
});
