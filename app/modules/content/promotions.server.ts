import { and, asc, desc, eq, gte, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { promotions } from "../db/schema.ts";
import type { ActivePromotion } from "../pricing/discounts.ts";
import { createReadCache } from "../shared/read-cache.ts";
import { moscowToday, promotionStatus, type PromotionStatus } from "./dates.ts";

export type Promotion = typeof promotions.$inferSelect;
export type PromotionSummary = Omit<Promotion, "body" | "rule" | "published"> & { status: PromotionStatus };

/**
 * Every promotion with its status today: the running and coming ones first (the soonest
 * to end first), then the ended ones (the latest ended first).
 */
export async function listPromotions(db: Database, today: string): Promise<PromotionSummary[]> {
  const rows = await db
    .select({
      id: promotions.id,
      title: promotions.title,
      description: promotions.description,
      cover: promotions.cover,
      startsOn: promotions.startsOn,
      endsOn: promotions.endsOn,
      updatedAt: promotions.updatedAt,
    })
    .from(promotions)
    .where(eq(promotions.published, true))
    .orderBy(desc(promotions.startsOn), asc(promotions.id));
  const withStatus = rows.map((row) => ({ ...row, status: promotionStatus(row, today) }));
  const current = withStatus.filter((row) => row.status !== "ended").sort((a, b) => (a.endsOn ?? "9999-12-31").localeCompare(b.endsOn ?? "9999-12-31"));
  const ended = withStatus.filter((row) => row.status === "ended").sort((a, b) => (b.endsOn ?? "").localeCompare(a.endsOn ?? ""));
  return [...current, ...ended];
}

export async function findPromotion(db: Database, id: number): Promise<Promotion | undefined> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.published, true)))
    .limit(1);
  return row;
}

export async function listPromotionAddresses(db: Database): Promise<Pick<Promotion, "id" | "updatedAt">[]> {
  return db.select({ id: promotions.id, updatedAt: promotions.updatedAt }).from(promotions).where(eq(promotions.published, true)).orderBy(asc(promotions.id));
}

/** Promotions change only by import; one entry per day (the key). */
const activeCache = createReadCache<ActivePromotion[]>({ tag: "content", maxEntries: 4 });

/**
 * The promotions with a rule that run on `today` (Moscow, both ends included): what the
 * cart, the checkout and the order apply. Cached for a short time (content reads).
 */
export async function activePromotions(db: Database, today = moscowToday()): Promise<ActivePromotion[]> {
  return activeCache.get(db, today, async () => {
    const rows = await db
      .select({ id: promotions.id, title: promotions.title, rule: promotions.rule })
      .from(promotions)
      .where(
        and(
          eq(promotions.published, true),
          isNotNull(promotions.rule),
          lte(promotions.startsOn, today),
          or(isNull(promotions.endsOn), gte(promotions.endsOn, today)),
        ),
      )
      .orderBy(asc(promotions.id));
    return rows.map((row) => ({ id: row.id, title: row.title, rule: row.rule! }));
  });
}
