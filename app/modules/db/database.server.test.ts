import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCatalogSections } from "../seed/catalog-sections.server.ts";
import { lockKeys, migrateDatabase, openDatabase, type DatabaseHandle } from "./client.server.ts";
import { getDatabase } from "./database.server.ts";
import { catalogSections, pages, seedRuns } from "./schema.ts";
import { seedDatabase, seeders } from "../seed/seed.server.ts";

let dataDir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  // A nested folder that does not exist yet: the embedded database must create it.
  dataDir = path.join(mkdtempSync(path.join(tmpdir(), "db-test-")), "a", "b");
  handle = await openDatabase({ dataDir, databaseUrl: undefined, databasePoolMax: 1 });
  await migrateDatabase(handle);
}, 60_000);

afterAll(async () => {
  await handle?.close();
  rmSync(path.dirname(path.dirname(dataDir)), { recursive: true, force: true });
});

/**
 * What the migrations made: every column, index and constraint of the public schema, and
 * the migrations recorded as applied, as sorted text lines.
 */
async function schemaSnapshot(): Promise<{ columns: string[]; indexes: string[]; constraints: string[]; migrations: string[] }> {
  const lines = async (query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as unknown as { rows: Array<{ line: string }> }).rows.map((row) => row.line).sort();
  return {
    columns: await lines(sql`select concat_ws(' ', table_name, column_name, data_type, is_nullable, column_default) as line
      from information_schema.columns where table_schema = 'public'`),
    indexes: await lines(sql`select indexdef as line from pg_indexes where schemaname = 'public'`),
    constraints: await lines(sql`select concat_ws(' ', conrelid::regclass::text, conname, pg_get_constraintdef(oid)) as line
      from pg_constraint where connamespace = 'public'::regnamespace`),
    migrations: await lines(sql`select concat_ws(' ', hash, created_at) as line from drizzle.__drizzle_migrations`),
  };
}

describe("database", () => {
  it("migrates twice without change", async () => {
    const before = await schemaSnapshot();
    // The snapshot sees the schema: tables, keys, indexes and the applied migrations.
    expect(before.columns).toContain("products slug text NO");
    expect(before.constraints.some((line) => line.startsWith("products products_pkey PRIMARY KEY"))).toBe(true);
    expect(before.indexes.length).toBeGreaterThan(before.constraints.filter((line) => / (PRIMARY KEY|UNIQUE) /.test(line)).length - 1);
    expect(before.migrations.length).toBeGreaterThan(0);
    await migrateDatabase(handle);
    await handle.ping();
    expect(await schemaSnapshot()).toEqual(before);
  });

  it("seeds every seeder once at start, and again idempotently on demand", async () => {
    expect(await seedDatabase(handle.db, { onlyNew: true })).toEqual(seeders.map((s) => s.name));
    expect(await seedDatabase(handle.db, { onlyNew: true })).toEqual([]);
    expect(await seedDatabase(handle.db, { onlyNew: false })).toEqual(seeders.map((s) => s.name));
    const [sections] = await handle.db.select({ n: count() }).from(catalogSections);
    expect(sections!.n).toBe(demoCatalogSections.length);
    const [runs] = await handle.db.select({ n: count() }).from(seedRuns);
    expect(runs!.n).toBe(seeders.length);
    // Every seeder twice on the embedded database: 5.9 s beside a CI run's suites, over the 5 s default.
  }, 30_000);

  it("does not bring back at start what the operator deleted", async () => {
    await handle.db.delete(pages).where(eq(pages.path, "reviews"));
    await seedDatabase(handle.db, { onlyNew: true });
    expect(await handle.db.select().from(pages).where(eq(pages.path, "reviews"))).toEqual([]);
  });

  it("runs locked jobs one at a time", async () => {
    const order: string[] = [];
    const job = (name: string) =>
      handle.withExclusiveLock(lockKeys.migrateAndSeed, async () => {
        order.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push(`${name} end`);
      });
    await Promise.all([job("a"), job("b")]);
    expect(order).toEqual(["a start", "a end", "b start", "b end"]);
  });
});

describe("the process's database", () => {
  // db/ sits below the seeders: without them passed in, a new database would open empty.
  it("refuses to open before the composition root passes the seeders in", async () => {
    await expect(getDatabase()).rejects.toThrow("configureDatabase({ seed }) was not called");
  });
});
