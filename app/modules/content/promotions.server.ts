import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { promotions } from "../db/schema.ts";
import { promotionStatus, type PromotionStatus } from "./dates.ts";

export type Promotion = typeof promotions.$inferSelect;
export type PromotionSummary = Omit<Promotion, "body"> & { status: PromotionStatus };

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
    .orderBy(desc(promotions.startsOn), asc(promotions.id));
  const withStatus = rows.map((row) => ({ ...row, status: promotionStatus(row, today) }));
  const current = withStatus
    .filter((row) => row.status !== "ended")
    .sort((a, b) => (a.endsOn ?? "9999-12-31").localeCompare(b.endsOn ?? "9999-12-31"));
  const ended = withStatus.filter((row) => row.status === "ended").sort((a, b) => (b.endsOn ?? "").localeCompare(a.endsOn ?? ""));
  return [...current, ...ended];
}

export async function findPromotion(db: Database, id: number): Promise<Promotion | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id)).limit(1);
  return row;
}

export async function listPromotionAddresses(db: Database): Promise<Pick<Promotion, "id" | "updatedAt">[]> {
  return db.select({ id: promotions.id, updatedAt: promotions.updatedAt }).from(promotions).orderBy(asc(promotions.id));
}
