import { eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, postgresForSuite } from "#tests/support/server.ts";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { migrateDatabase, openDatabase } from "../db/client.server.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { checkoutDrafts, listItems, rateLimitEvents, sessions, smsCodes, users } from "../db/schema.ts";
import { log } from "../shared/log.server.ts";
import { Housekeeper, housekeepingRules, pruneStaleData } from "./housekeeping.server.ts";

const database = withTempDatabase("housekeeping-test", async ({ db }) => {
  await productsSeeder.run(db);
});
const db = () => database.handle.db;

const now = new Date("2026-06-01T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const DAY = 86_400_000;

beforeEach(() => {
  vi.spyOn(log, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function seedRows() {
  const [user] = await db()
    .insert(users)
    .values({ phone: `+7999${String(Date.now()).slice(-7)}` })
    .returning();
  await db()
    .insert(sessions)
    .values([
      { tokenHash: `expired-${Date.now()}`, userId: user!.id, expiresAt: ago(MINUTE) },
      { tokenHash: `live-${Date.now()}`, userId: user!.id, expiresAt: new Date(now.getTime() + MINUTE) },
    ]);
  await db()
    .insert(rateLimitEvents)
    .values([
      { bucket: "sms-ip", key: "old", createdAt: ago(housekeepingRules.rateLimitEventsKeepMs + MINUTE) },
      { bucket: "sms-ip", key: "recent", createdAt: ago(housekeepingRules.rateLimitEventsKeepMs - MINUTE) },
    ]);
  await db()
    .insert(smsCodes)
    .values([
      // A day and a minute old, used: goes.
      { phone: "+79990000001", codeHash: "a", createdAt: ago(DAY + MINUTE), expiresAt: ago(DAY - 4 * MINUTE), closedAt: ago(DAY) },
      // A day and a minute old, never used, expired: goes.
      { phone: "+79990000002", codeHash: "b", createdAt: ago(DAY + MINUTE), expiresAt: ago(DAY - 4 * MINUTE) },
      // Used a minute under a day ago: stays (the resend pause and limits may still read it).
      { phone: "+79990000003", codeHash: "c", createdAt: ago(DAY - MINUTE), expiresAt: ago(DAY - 6 * MINUTE), closedAt: ago(DAY - MINUTE) },
    ]);
  const stale = ago(housekeepingRules.anonymousKeepMs + MINUTE);
  const fresh = ago(housekeepingRules.anonymousKeepMs - MINUTE);
  await db()
    .insert(listItems)
    .values([
      // A visitor's whole cart untouched for 90 days: goes.
      { list: "cart", owner: "visitor:stale", productId: 1, quantity: 1, addedAt: stale, updatedAt: stale },
      { list: "cart", owner: "visitor:stale", productId: 2, quantity: 2, addedAt: stale, updatedAt: stale },
      { list: "wishlist", owner: "visitor:stale", productId: 3, addedAt: stale, updatedAt: stale },
      { list: "compare", owner: "visitor:stale", productId: 4, addedAt: stale, updatedAt: stale },
      // A cart with one old line and one touched a minute inside the limit: the whole cart stays.
      { list: "cart", owner: "visitor:fresh", productId: 1, quantity: 1, addedAt: stale, updatedAt: stale },
      { list: "cart", owner: "visitor:fresh", productId: 2, quantity: 1, addedAt: fresh, updatedAt: fresh },
      { list: "compare", owner: "visitor:fresh", productId: 5, addedAt: fresh, updatedAt: fresh },
      // A signed-in buyer's old list stays.
      { list: "wishlist", owner: `user:${user!.id}`, productId: 6, addedAt: stale, updatedAt: stale },
    ]);
  await db()
    .insert(checkoutDrafts)
    .values([
      { owner: "visitor:stale", token: "t-stale-0000000000", updatedAt: stale },
      { owner: "visitor:fresh", token: "t-fresh-0000000000", updatedAt: fresh },
      { owner: `user:${user!.id}`, token: "t-user-00000000000", updatedAt: stale },
    ]);
  return user!;
}

describe("pruneStaleData", () => {
  it("deletes exactly what is just past each limit and keeps what is just inside it", async () => {
    const user = await seedRows();
    expect(await pruneStaleData(db(), now)).toEqual({ sessions: 1, rateLimitEvents: 1, smsCodes: 2, anonymousListItems: 4, checkoutDrafts: 1 });

    expect((await db().select({ token: sessions.tokenHash }).from(sessions)).map((row) => row.token)).toEqual([expect.stringMatching(/^live-/)]);
    expect((await db().select({ key: rateLimitEvents.key }).from(rateLimitEvents)).map((row) => row.key)).toEqual(["recent"]);
    expect((await db().select({ phone: smsCodes.phone }).from(smsCodes)).map((row) => row.phone)).toEqual(["+79990000003"]);
    const lists = await db().select({ list: listItems.list, owner: listItems.owner, productId: listItems.productId }).from(listItems);
    expect(lists).toHaveLength(4);
    expect(lists.filter((row) => row.owner === "visitor:stale")).toEqual([]);
    expect(lists.filter((row) => row.owner === "visitor:fresh")).toHaveLength(3);
    expect(lists.filter((row) => row.owner === `user:${user.id}`)).toHaveLength(1);
    expect((await db().select({ owner: checkoutDrafts.owner }).from(checkoutDrafts)).map((row) => row.owner).sort()).toEqual(
      [`user:${user.id}`, "visitor:fresh"].sort(),
    );

    // A second run finds nothing more.
    expect(await pruneStaleData(db(), now)).toEqual({ sessions: 0, rateLimitEvents: 0, smsCodes: 0, anonymousListItems: 0, checkoutDrafts: 0 });
  });
});

describe("Housekeeper", () => {
  it("prunes on the instance that holds the lock and logs the counts", async () => {
    await db()
      .insert(listItems)
      .values({ list: "cart", owner: "visitor:loop", productId: 1, quantity: 1, updatedAt: ago(100 * DAY) });
    const keeper = new Housekeeper(database.handle, 3_600_000);
    try {
      const counts = await keeper.tick(now);
      expect(counts).toMatchObject({ anonymousListItems: 1 });
      expect(log.info).toHaveBeenCalledWith("housekeeping: removed stale rows", expect.objectContaining({ anonymousListItems: 1 }));
      expect(await db().select().from(listItems).where(like(listItems.owner, "visitor:loop"))).toEqual([]);
    } finally {
      await keeper.stop();
    }
    expect(await db().select().from(listItems).where(eq(listItems.owner, "visitor:loop"))).toEqual([]);
  });
});

const postgres = await postgresForSuite();

describe.skipIf(!postgres.available)(`Housekeeper on two instances of PostgreSQL${postgres.skipReason}`, () => {
  it("runs on one instance at a time; the other takes over when the first stops", async () => {
    const testDb = await createTestDatabase(postgres.adminUrl);
    const first = await openDatabase({ dataDir: "", databaseUrl: testDb.url, databasePoolMax: 2 });
    const second = await openDatabase({ dataDir: "", databaseUrl: testDb.url, databasePoolMax: 2 });
    try {
      await migrateDatabase(first);
      const a = new Housekeeper(first);
      const b = new Housekeeper(second);
      expect(await a.tick(now)).not.toBeNull();
      expect(await b.tick(now)).toBeNull();
      await a.stop();
      expect(await b.tick(now)).not.toBeNull();
      await b.stop();
    } finally {
      await first.close();
      await second.close();
      await testDb.drop();
    }
  });
});
