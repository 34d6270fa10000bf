import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { writeAudit, type StaffActor } from "../audit/audit.server.ts";
import type { Database } from "../db/client.server.ts";
import type { ReviewStatus } from "../db/column-values.ts";
import { announceReadsChanged } from "../db/read-changes.server.ts";
import { orderLines, orders, productReviews, products } from "../db/schema.ts";
import type { Outcome } from "../shared/failure.ts";
import { invalidateReads } from "../shared/read-cache.ts";
import { reviewAuthorName, reviewTexts, type ReviewInput } from "./review-form.ts";
import { reviewStatusLabels } from "./review-words.ts";

/**
 * Buyers' reviews of coins (decision 060). A buyer who received a coin (a completed order holds it)
 * writes one review of it, rated 1–5, and may edit or delete it; an edit waits for staff again.
 * Staff publish or hide it with a reason. The coin's published count and rating sum are kept on
 * its row, recounted from the reviews in the transaction that changes them, with the coin's row
 * locked first so that two changes at once count each other.
 */

export type ReviewRow = typeof productReviews.$inferSelect;

/** Whether the buyer received the coin: one of their completed orders holds it. */
export async function hasReceived(db: Database, userId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, userId), eq(orders.status, "completed"), eq(orderLines.productId, productId)))
    .limit(1);
  return row !== undefined;
}

/** The buyer's own review of a coin, whatever its status. */
export async function reviewOf(db: Database, userId: number, productId: number): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)))
    .limit(1);
  return row;
}

/** The buyer's reviews of these coins, by coin (for the list of coins they hold). */
export async function reviewsOfCoins(db: Database, userId: number, productIds: number[]): Promise<Map<number, Pick<ReviewRow, "rating" | "status">>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productReviews.productId, rating: productReviews.rating, status: productReviews.status })
    .from(productReviews)
    .where(and(eq(productReviews.userId, userId), inArray(productReviews.productId, productIds)));
  return new Map(rows.map(({ productId, ...review }) => [productId, review]));
}

/** Locks the coin's row: every change of its reviews takes this lock first (see the module's comment). */
async function lockCoin(tx: Database, productId: number): Promise<boolean> {
  const rows = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
  return rows.length > 0;
}

/** Sets the coin's published count and rating sum from its reviews, and tells the pages when they moved. */
async function recount(tx: Database, productId: number): Promise<void> {
  const published = and(eq(productReviews.productId, productId), eq(productReviews.status, "published"));
  const [totals] = await tx
    .select({ count: count(), total: sql<number>`coalesce(sum(${productReviews.rating}), 0)::int` })
    .from(productReviews)
    .where(published);
  const changed = await tx
    .update(products)
    .set({ reviewCount: totals!.count, ratingTotal: totals!.total })
    .where(and(eq(products.id, productId), sql`(${products.reviewCount}, ${products.ratingTotal}) is distinct from (${totals!.count}, ${totals!.total})`))
    .returning({ id: products.id });
  if (changed.length > 0) await announceReadsChanged(tx, "catalog");
}

/** Runs a change of a coin's reviews and drops this process's cached pages of it once committed. */
async function changeReviews<T extends object>(db: Database, productId: number, work: (tx: Database) => Promise<Outcome<T>>): Promise<Outcome<T>> {
  const result = await db.transaction(async (tx) => {
    if (!(await lockCoin(tx, productId))) return { ok: false as const, reason: reviewTexts.notFound };
    const outcome = await work(tx);
    if (outcome.ok) await recount(tx, productId);
    return outcome;
  });
  // The coin's page and cards show the published reviews; a pending one changes nothing shown, but a
  // dropped cache costs a render, not a wrong page.
  if (result.ok) invalidateReads("catalog");
  return result;
}

/**
 * Writes the buyer's review of a coin they received, or replaces their earlier one: either way it
 * waits for staff, and a published one leaves the page until then.
 */
export async function saveReview(
  db: Database,
  buyer: { id: number; name: string; lastName: string },
  productId: number,
  input: ReviewInput,
  now = new Date(),
): Promise<Outcome<{ created: boolean }>> {
  return changeReviews(db, productId, async (tx): Promise<Outcome<{ created: boolean }>> => {
    if (!(await hasReceived(tx, buyer.id, productId))) return { ok: false, reason: reviewTexts.notBought };
    const fields = {
      rating: input.rating,
      text: input.text,
      authorName: reviewAuthorName(buyer),
      status: "pending" as const,
      hiddenReason: "",
      moderatedBy: null,
      moderatedAt: null,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(productReviews)
      .values({ productId, userId: buyer.id, createdAt: now, ...fields })
      .onConflictDoUpdate({ target: [productReviews.productId, productReviews.userId], set: fields })
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning({ created: sql<boolean>`(xmax = 0)` });
    return { ok: true, created: row!.created };
  });
}

/** Deletes the buyer's review of a coin (nothing to delete is no error). */
export async function deleteReview(db: Database, userId: number, productId: number): Promise<Outcome> {
  return changeReviews(db, productId, async (tx) => {
    await tx.delete(productReviews).where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)));
    return { ok: true };
  });
}

/**
 * Deletes every review of a buyer whose account is being deleted (152-FZ: their name and words go
 * with it), inside the caller's transaction; the caller drops the cached pages after its commit
 * (`invalidateReads("catalog")`) when this answers more than none.
 */
export async function removeReviewsOfBuyer(tx: Database, userId: number): Promise<number> {
  const coins = await tx.select({ productId: productReviews.productId }).from(productReviews).where(eq(productReviews.userId, userId));
  for (const { productId } of coins) {
    await lockCoin(tx, productId);
    await tx.delete(productReviews).where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)));
    await recount(tx, productId);
  }
  return coins.length;
}

export type PublishedReview = Pick<ReviewRow, "id" | "rating" | "text" | "authorName" | "createdAt" | "updatedAt">;

/** A coin's published reviews, newest first. */
export async function publishedReviews(db: Database, productId: number, { limit, offset = 0 }: { limit: number; offset?: number }): Promise<PublishedReview[]> {
  return db
    .select({
      id: productReviews.id,
      rating: productReviews.rating,
      text: productReviews.text,
      authorName: productReviews.authorName,
      createdAt: productReviews.createdAt,
      updatedAt: productReviews.updatedAt,
    })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.status, "published")))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(limit)
    .offset(offset);
}

export type ModerationDecision = { kind: "publish" } | { kind: "hide"; reason: string };

/**
 * Publishes or hides a review, audited. `version` is the review's last change as the staff page
 * showed it (its updatedAt in ms): a review its author changed meanwhile is refused, so staff never
 * publish words they have not read.
 */
export async function moderateReview(
  db: Database,
  actor: StaffActor,
  reviewId: number,
  version: number,
  decision: ModerationDecision,
  now = new Date(),
): Promise<Outcome<{ from: ReviewStatus; to: ReviewStatus; productId: number }>> {
  const [found] = await db.select({ productId: productReviews.productId }).from(productReviews).where(eq(productReviews.id, reviewId)).limit(1);
  if (!found) return { ok: false, reason: "Отзыв не найден: его удалил автор." };
  return changeReviews(db, found.productId, async (tx): Promise<Outcome<{ from: ReviewStatus; to: ReviewStatus; productId: number }>> => {
    const [review] = await tx.select().from(productReviews).where(eq(productReviews.id, reviewId)).limit(1);
    if (!review) return { ok: false, reason: "Отзыв не найден: его удалил автор." };
    if (review.updatedAt.getTime() !== version) return { ok: false, reason: "Автор изменил отзыв, пока он был открыт: прочитайте новый текст." };
    const to: ReviewStatus = decision.kind === "publish" ? "published" : "hidden";
    const hiddenReason = decision.kind === "hide" ? decision.reason : "";
    // updatedAt is the author's: a moderation does not change what the version protects.
    await tx.update(productReviews).set({ status: to, hiddenReason, moderatedBy: actor.staffId, moderatedAt: now }).where(eq(productReviews.id, reviewId));
    await writeAudit(
      tx,
      actor,
      {
        action: decision.kind === "publish" ? "review.publish" : "review.hide",
        entity: `review:${reviewId}`,
        before: { status: reviewStatusLabels[review.status] },
        after: { status: reviewStatusLabels[to], ...(hiddenReason ? { reason: hiddenReason } : {}) },
      },
      now,
    );
    return { ok: true, from: review.status, to, productId: review.productId };
  });
}

export const REVIEW_QUEUE_PAGE = 20;

/** The back office's list: one status (waiting first by default), oldest change first for the waiting ones. */
export async function reviewQueue(db: Database, status: ReviewStatus, page: number) {
  const where = eq(productReviews.status, status);
  const [total] = await db.select({ count: count() }).from(productReviews).where(where);
  const rows = await db
    .select({
      id: productReviews.id,
      rating: productReviews.rating,
      text: productReviews.text,
      authorName: productReviews.authorName,
      status: productReviews.status,
      hiddenReason: productReviews.hiddenReason,
      updatedAt: productReviews.updatedAt,
      userId: productReviews.userId,
      coinName: products.name,
      coinSlug: products.slug,
      coinSku: products.sku,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(where)
    .orderBy(status === "pending" ? productReviews.updatedAt : desc(productReviews.updatedAt), productReviews.id)
    .limit(REVIEW_QUEUE_PAGE)
    .offset((page - 1) * REVIEW_QUEUE_PAGE);
  const pageCount = Math.max(1, Math.ceil(total!.count / REVIEW_QUEUE_PAGE));
  return { rows, total: total!.count, page, pageCount };
}

/** How many reviews wait for staff (the dashboard's and the menu's count). */
export async function pendingReviewCount(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(productReviews).where(eq(productReviews.status, "pending"));
  return row!.count;
}
