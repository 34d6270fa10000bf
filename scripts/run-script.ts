import { getConfig } from "#app/modules/config/config.server.ts";
import { openDatabase, migrateDatabase, lockKeys, type DatabaseHandle } from "#app/modules/db/client.server.ts";

// Runs an operator command: a known problem (a wrong setting, the embedded database
// held by a running shop) is one clear line, not a stack trace.
export async function runScript(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof Error && ["ConfigError", "DatabaseBusyError"].includes(error.name)) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

// The database of an operator command: opened from the settings, brought to the current schema under the
// same lock a starting shop takes (so a command beside a starting instance waits rather than racing it),
// and closed however the command ends.
export async function withMigratedDatabase(command: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  const handle = await openDatabase(getConfig());
  try {
    await handle.withExclusiveLock(lockKeys.migrateAndSeed, () => migrateDatabase(handle));
    await command(handle);
  } finally {
    await handle.close();
  }
}
