// A fresh database that a suite fills BEFORE it starts the shop on it, and reads again after
// the shop has stopped: PostgreSQL when the suite has DATABASE_URL, else an embedded PGlite
// folder (which only one process may hold at a time, hence "before" and "after"). Inside a
// vitest run it starts as a copy of the run's template (migrated, seeded, pictures drawn).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type DatabaseHandle, migrateDatabase, openDatabase } from "#app/modules/db/client.server.ts";
import { seedDatabase } from "#app/modules/seed/seed.server.ts";
import { adminDatabaseUrl, createTestDatabase, type Shop, startShop } from "./server.ts";
import { copyTemplateDataDir } from "./shop-template.ts";

export type ShopDatabase = {
  /** The variables that point the shop or an operator command at it. */
  env: Record<string, string>;
  /** Opens it migrated and seeded as the shop would have it; close the handle before start(). */
  open(): Promise<DatabaseHandle>;
  /** Runs `work` on the open database and closes it again. */
  use<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T>;
  /** Starts the shop on this database. */
  start(env?: Record<string, string>): Promise<Shop>;
  /** Drops the database or removes its folder (the shop must be stopped). */
  remove(): Promise<void>;
};

export async function createShopDatabase(): Promise<ShopDatabase> {
  const admin = adminDatabaseUrl();
  const postgres = admin ? await createTestDatabase(admin) : undefined;
  const dir = postgres ? undefined : await mkdtemp(path.join(os.tmpdir(), "shop-db-"));
  if (dir) await copyTemplateDataDir("seeded", dir);

  /** Migrated and seeded the way the shop does at start (nothing left to do on a template's copy). */
  async function open(): Promise<DatabaseHandle> {
    const handle = await openDatabase({ databaseUrl: postgres?.url, dataDir: dir ?? "", databasePoolMax: 2 });
    await migrateDatabase(handle);
    await seedDatabase(handle.db, { onlyNew: true });
    return handle;
  }

  return {
    env: postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dir! },
    open,
    async use(work) {
      const handle = await open();
      try {
        return await work(handle);
      } finally {
        await handle.close();
      }
    },
    start(env = {}) {
      return postgres ? startShop({ databaseUrl: postgres.url, env }) : startShop({ embedded: true, env: { ...env, DATA_DIR: dir! } });
    },
    async remove() {
      if (postgres) await postgres.drop();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
