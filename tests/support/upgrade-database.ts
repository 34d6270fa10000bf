// A shop's embedded database as it was before a migration, to test what the migration does to
// data written before it (backfills, clean-ups).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DatabaseHandle, migrateDatabase, migrationsFolder, openDatabase } from "#app/modules/db/client.server.ts";

/**
 * Runs `work` on an embedded database migrated up to (not including) the migration whose tag
 * ends with `tagEnd`, as a shop of that time had it; `work` upgrades it with migrateDatabase.
 */
export async function onDatabaseBefore(tagEnd: string, work: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-upgrade-"));
  const before = path.join(dir, "migrations");
  cpSync(migrationsFolder(), before, { recursive: true });
  const journalFile = path.join(before, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
  const upgradeAt = journal.entries.findIndex((entry) => entry.tag.endsWith(tagEnd));
  if (upgradeAt < 0) throw new Error(`no migration ends with ${tagEnd}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upgradeAt) }));
  const handle = await openDatabase({ dataDir: dir, databaseUrl: undefined, databasePoolMax: 1 });
  try {
    await migrateDatabase(handle, before);
    await work(handle);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
