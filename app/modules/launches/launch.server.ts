import { and, asc, desc, eq, gt, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import { getConfig } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import { announceReadsChanged } from "../db/read-changes.server.ts";
import { orderLines, orders, preorders, products, users } from "../db/schema.ts";
import { consumeRateLimitsWithoutWaiting, type RateLimit } from "../rate-limit/rate-limit.server.ts";
import { createReadCache, invalidateReads } from "../shared/read-cache.ts";
import { launchTexts, moscowDateTimeText, NEW_ISSUE_DAYS, preorderReservedText } from "./launch.ts";

/**
 * The rules of a coin's launch (decision 056) that need the database: whether a coin may be
 * bought now, how many pieces a buyer already has of a capped coin, the staff's announcement,
 * and the opening moments the shared page cache keys its pages by.
 */

type Launched = { id: number; name: string; salesOpenAt: Date | null; buyerCap: number | null; stock: number };

/** Why this coin cannot be put in a cart or ordered at `now` (its sales have not opened), or null. */
export function notOnSaleYet(product: Pick<Launched, "name" | "salesOpenAt">, now: Date): string | null {
  return product.salesOpenAt && product.salesOpenAt.getTime() > now.getTime() ? launchTexts.notYet(product.name, product.salesOpenAt) : null;
}

/**
 * The pieces of each capped coin this buyer already has in orders that are not cancelled,
 * counted by the account and by the contact phone (a second account with the same phone counts).
 * Read inside the order's transaction after the coins' rows are locked FOR UPDATE: every order
 * of a coin passes that lock one at a time, so two simultaneous orders cannot both see room.
 */
export async function piecesHeldByBuyer(db: Database, buyer: { userId: number; phone: string }, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: orderLines.productId, pieces: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        inArray(orderLines.productId, productIds),
        ne(orders.status, "cancelled"),
        or(eq(orders.userId, buyer.userId), buyer.phone ? sql`${orders.contact}->>'phone' = ${buyer.phone}` : undefined),
      ),
    )
    .groupBy(orderLines.productId);
  const held = new Map(rows.map((row) => [row.productId, Number(row.pieces)]));
  // A waiting pre-order counts as the order it will become (decision 062); a served one is its order, counted above.
  const waiting = await waitingPieces(db, productIds, buyer);
  for (const [productId, pieces] of waiting) held.set(productId, (held.get(productId) ?? 0) + pieces);
  return held;
}

/** Pieces of each coin in waiting pre-orders: all of them, or one buyer's (by account or phone). */
async function waitingPieces(db: Database, productIds: number[], buyer?: { userId: number; phone: string }): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: preorders.productId, pieces: sql<number>`coalesce(sum(${preorders.quantity}), 0)::int` })
    .from(preorders)
    .innerJoin(users, eq(users.id, preorders.userId))
    .where(
      and(
        inArray(preorders.productId, productIds),
        eq(preorders.status, "waiting"),
        buyer ? or(eq(preorders.userId, buyer.userId), buyer.phone ? eq(users.phone, buyer.phone) : undefined) : undefined,
      ),
    )
    .groupBy(preorders.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.pieces)]));
}

/**
 * Pieces of each coin the waiting pre-orders are owed (decision 062): after the opening, until the
 * launch watch has served them, an order may take only the stock beyond these, so a buyer who
 * came first by pre-order is not overtaken by a quick click, nor by one when an unpaid served
 * order gives its pieces back.
 */
export async function piecesOwedToPreorders(db: Database, productIds: number[]): Promise<Map<number, number>> {
  return productIds.length === 0 ? new Map() : waitingPieces(db, productIds);
}

/**
 * The launch rules for an order about to be placed, inside its transaction with the coins
 * locked: a coin whose sales have not opened, or more pieces than its cap over all the buyer's
 * orders, is refused (the text for the buyer); null when the order may go on.
 */
export async function launchRefusal(
  db: Database,
  buyer: { userId: number; phone: string },
  lines: ReadonlyArray<{ product: Launched; quantity: number }>,
  now: Date,
): Promise<string | null> {
  for (const line of lines) {
    const early = notOnSaleYet(line.product, now);
    if (early) return early;
  }
  const owed = await piecesOwedToPreorders(
    db,
    // Only an announced coin has a line the watch serves (one taken back is sold as any coin); the staff's switch only stops new pre-orders.
    lines.filter((line) => line.product.salesOpenAt !== null).map((line) => line.product.id),
  );
  for (const { product, quantity } of lines) {
    const reserved = owed.get(product.id) ?? 0;
    if (reserved > 0 && product.stock - reserved < quantity) return preorderReservedText(product.name);
  }
  const capped = lines.filter((line) => line.product.buyerCap !== null);
  if (capped.length === 0) return null;
  const held = await piecesHeldByBuyer(
    db,
    buyer,
    capped.map((line) => line.product.id),
  );
  for (const { product, quantity } of capped) {
    const had = held.get(product.id) ?? 0;
    if (had + quantity > product.buyerCap!) return launchTexts.overCap(product.name, product.buyerCap!, had);
  }
  return null;
}

export type Announcement = {
  salesOpenAt: Date | null;
  issueDate: string | null;
  mintage: number | null;
  expectedPrice: string | null;
  buyerCap: number | null;
  /** Pre-orders taken before the opening (decision 062). */
  preordersAllowed: boolean;
};

/**
 * Staff announce a coin, change its announcement or take it back (every field empty): written
 * with the audit row, and every instance drops its cached pages at the commit.
 */
export async function announceCoin(
  db: Database,
  actor: StaffActor,
  sku: string,
  announcement: Announcement,
): Promise<{ ok: true; changed: string[] } | { ok: false }> {
  const result = await db.transaction(async (tx) => {
    const [was] = await tx.select().from(products).where(eq(products.sku, sku)).for("update");
    if (!was) return { ok: false } as const;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    // The moment as staff typed it, in Moscow time.
    const shown = (value: unknown) => (value instanceof Date ? `${moscowDateTimeText(value).replace("T", " ")} МСК` : value);
    for (const key of Object.keys(announcement) as Array<keyof Announcement>) {
      if (shown(was[key]) !== shown(announcement[key])) {
        before[key] = shown(was[key]);
        after[key] = shown(announcement[key]);
      }
    }
    const changed = Object.keys(after);
    if (changed.length === 0) return { ok: true, changed } as const;
    await tx
      .update(products)
      .set({ ...announcement, updatedAt: new Date() })
      .where(eq(products.id, was.id));
    await writeAudit(tx, actor, { action: "catalog.launch", entity: `product:${sku}`, before, after });
    await announceReadsChanged(tx, "catalog");
    return { ok: true, changed } as const;
  });
  if (result.ok && result.changed.length > 0) invalidateReads("catalog");
  return result;
}

const DAY_MS = 24 * 60 * 60_000;

/** Coming coins (sales not open yet) and coins whose sales opened within NEW_ISSUE_DAYS, for the page of new issues. */
export async function comingAndNewCoins(db: Database, now: Date) {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.status, "active"), isNotNull(products.salesOpenAt), gt(products.salesOpenAt, new Date(now.getTime() - NEW_ISSUE_DAYS * DAY_MS))))
    .orderBy(asc(products.salesOpenAt), asc(products.id))
    .limit(100);
  const coming = rows.filter((row) => row.salesOpenAt!.getTime() > now.getTime());
  const opened = rows.filter((row) => row.salesOpenAt!.getTime() <= now.getTime()).reverse();
  return { coming, opened };
}

/**
 * Opening moments from a day back on: enough to tell which have passed since any page was kept.
 * Read for every anonymous page, kept pages included: past its time the list stands while it is
 * read again, so a database busy with a launch's checkouts never holds the kept pages (measured:
 * their p99 was the pool's queue). The list changes only when staff announce a coin, a catalogue
 * change that drops it here at once and, by NOTIFY, on every instance.
 */
const moments = createReadCache<number[]>({ tag: "catalog", maxEntries: 4, serveExpired: true });

/**
 * The latest opening moment at or before `now` among the coins announced (any of them), as a
 * part of the shared page cache's key: when a coin's sales open the key changes, so no page
 * kept before the moment (saying «Скоро в продаже») is served after it, and a page kept after
 * it was rendered after it. A change of an announcement reaches every instance by NOTIFY.
 */
export async function latestOpening(db: Database, now: Date): Promise<number> {
  const list = await moments.get(db, "moments", async () => {
    const rows = await db
      .select({ at: products.salesOpenAt })
      .from(products)
      .where(and(isNotNull(products.salesOpenAt), gt(products.salesOpenAt, new Date(Date.now() - DAY_MS))))
      .orderBy(desc(products.salesOpenAt))
      .limit(1_000);
    return rows.map((row) => row.at!.getTime());
  });
  const time = now.getTime();
  return list.find((at) => at <= time) ?? 0;
}

/**
 * How often one buyer and one address may try to place an order (the operator's settings, by
 * default about what a person does by hand), so on a launch day a script gains nothing by firing
 * faster; an office behind one address has room for many people.
 */
export function orderAttemptLimits(settings = getConfig().orderAttempts) {
  return {
    perBuyer: { bucket: "order-buyer", limit: settings.perBuyerPerMinute, windowMs: 60_000 } satisfies RateLimit,
    perIp: { bucket: "order-ip", limit: settings.perIpPerMinute, windowMs: 60_000 } satisfies RateLimit,
  };
}

/** Counts an attempt to place an order; a refusal in Russian (with when to try again) when the buyer or the address is over its limit. */
export async function orderAttemptRefusal(db: Database, attempt: { userId: number; ip: string | null }, now = new Date()): Promise<string | null> {
  const limits = orderAttemptLimits();
  const checks = [{ rule: limits.perBuyer, key: String(attempt.userId) }];
  if (attempt.ip) checks.push({ rule: limits.perIp, key: attempt.ip });
  // Many buyers behind one address press at once on a launch: counted without queueing them on a lock.
  const result = await consumeRateLimitsWithoutWaiting(db, checks, now);
  return result.allowed ? null : launchTexts.tooManyAttempts(result.retryAfterSeconds);
}
