import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCatalogSections } from "../catalog/sections.seed.server.ts";
import { lockKeys, migrateDatabase, openDatabase, type DatabaseHandle } from "./client.server.ts";
import { catalogSections, pages, seedRuns } from "./schema.ts";
import { seedDatabase, seeders } from "./seed.server.ts";

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

describe("database", () => {
  it("migrates twice without change", async () => {
    await migrateDatabase(handle);
    await handle.ping();
  });

  it("seeds every seeder once at start, and again idempotently on demand", async () => {
    expect(await seedDatabase(handle.db, { onlyNew: true })).toEqual(seeders.map((s) => s.name));
    expect(await seedDatabase(handle.db, { onlyNew: true })).toEqual([]);
    expect(await seedDatabase(handle.db, { onlyNew: false })).toEqual(seeders.map((s) => s.name));
    const [sections] = await handle.db.select({ n: count() }).from(catalogSections);
    expect(sections!.n).toBe(demoCatalogSections.length);
    const [runs] = await handle.db.select({ n: count() }).from(seedRuns);
    expect(runs!.n).toBe(seeders.length);
  });

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
