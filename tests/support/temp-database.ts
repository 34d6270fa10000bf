// An embedded database of its own for a unit test file: created in a temporary folder and
// migrated before the tests, closed and removed after them. Inside a vitest run the folder
// starts as a copy of the run's migrated template (tests/support/shop-template.ts), so the
// migration finds nothing to do and no initdb runs per file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "#app/modules/db/client.server.ts";
import { copyTemplateDataDir } from "./shop-template.ts";

export type TempDatabase = { readonly handle: DatabaseHandle; readonly dir: string };

/**
 * Registers beforeAll/afterAll hooks and returns an object whose `handle` is the migrated
 * database once the tests run. `prepare` runs after migration (seeding, say).
 */
export function withTempDatabase(name: string, prepare?: (handle: DatabaseHandle) => Promise<void>): TempDatabase {
  let dir: string | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
    await copyTemplateDataDir("migrated", dir);
    handle = await openDatabase({ dataDir: dir, databaseUrl: undefined, databasePoolMax: 1 });
    await migrateDatabase(handle);
    await prepare?.(handle);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get handle() {
      if (!handle) throw new Error("the temporary database is ready only inside tests");
      return handle;
    },
    get dir() {
      return dir ?? "";
    },
  };
}
