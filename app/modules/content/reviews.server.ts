import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { reviews } from "../db/schema.ts";
import { createReadCache } from "../shared/read-cache.ts";

export type Review = typeof reviews.$inferSelect;

const reviewsCache = createReadCache<Review[]>({ tag: "content" });

/** Newest first; cached for a short time (reviews change only by import). */
export function listReviews(db: Database): Promise<Review[]> {
  return reviewsCache.get(db, "all", () => db.select().from(reviews).where(eq(reviews.published, true)).orderBy(desc(reviews.publishedOn), desc(reviews.id)));
}

/** The average of the shop's own reviews to one decimal ("4,8"), and how many there are. */
export function reviewSummary(list: Pick<Review, "rating">[]): { count: number; average: number | null } {
  if (list.length === 0) return { count: 0, average: null };
  const sum = list.reduce((total, review) => total + review.rating, 0);
  return { count: list.length, average: Math.round((sum / list.length) * 10) / 10 };
}
