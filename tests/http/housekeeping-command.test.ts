// npm run shop -- prune as the operator runs it: the housekeeping the shop runs hourly, with
// what it removed printed; on PGlite or PostgreSQL (DATABASE_URL), like the shop.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutDrafts, listItems, sessions, users } from "#app/modules/db/schema.ts";
import { runCommand } from "#tests/support/commands.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";

let database: ShopDatabase;
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createShopDatabase();
  await database.use(async ({ db }) => {
    const [user] = await db.insert(users).values({ phone: "+79995550001" }).returning();
    await db.insert(sessions).values([
      { tokenHash: "expired-session", userId: user!.id, expiresAt: new Date(Date.now() - DAY) },
      { tokenHash: "live-session", userId: user!.id, expiresAt: new Date(Date.now() + DAY) },
    ]);
    const old = new Date(Date.now() - 91 * DAY);
    await db.insert(listItems).values([
      { list: "cart", owner: "visitor:abandoned", productId: 1, quantity: 2, addedAt: old, updatedAt: old },
      { list: "cart", owner: "visitor:today", productId: 1, quantity: 1 },
    ]);
    await db.insert(checkoutDrafts).values({ owner: "visitor:abandoned", token: "abandoned-token-0000", updatedAt: old });
  });
}, 60_000);
afterAll(() => database?.remove());

describe("npm run shop -- prune", () => {
  it("deletes expired sessions and abandoned guest carts and drafts, and says how many", { timeout: 120_000 }, async () => {
    const result = await runCommand("scripts/shop.ts", ["prune"], database.env);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("истёкших сессий: 1");
    expect(result.stdout).toContain("строк брошенных корзин, избранного и сравнений гостей: 1");
    expect(result.stdout).toContain("брошенных черновиков оформления гостей: 1");
    await database.use(async ({ db }) => {
      expect((await db.select({ token: sessions.tokenHash }).from(sessions)).map((row) => row.token)).toEqual(["live-session"]);
      expect(await db.select().from(listItems).where(eq(listItems.owner, "visitor:abandoned"))).toEqual([]);
      expect(await db.select().from(listItems).where(eq(listItems.owner, "visitor:today"))).toHaveLength(1);
      expect(await db.select().from(checkoutDrafts)).toEqual([]);
    });
    const again = await runCommand("scripts/shop.ts", ["prune"], database.env);
    expect(again.stdout).toContain("истёкших сессий: 0");
  });

  it("explains itself when called wrongly", async () => {
    const result = await runCommand("scripts/shop.ts", ["prune", "now"], database.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("pause [причина] | resume | status | prune");
  });
});
