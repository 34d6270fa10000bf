import { and, asc, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { orderEvents, orderLines, orders, type OrderStatus } from "../db/schema.ts";
import { EXPIRED_REASONS } from "./lifecycle.server.ts";
import { holdMessages } from "../lists/limits.ts";
import type { HoldRules } from "../config/config.server.ts";

/**
 * Stock held by orders nobody has paid or confirmed yet (online orders awaiting payment, orders
 * paid on receipt not yet confirmed by staff, orders held for review): capped per buyer and per
 * contact phone, and a coin whose orders keep expiring is not held again at once.
 */

/** The statuses in which an order keeps its coins without money or a member of staff behind it. */
export const HOLDING_STATUSES: readonly OrderStatus[] = ["on_review", "new", "awaiting_payment"];

const DAY_MS = 24 * 60 * 60_000;

/** Orders of this buyer, or of anyone who gave this contact phone. */
const sameBuyerOrPhone = (userId: number, phone: string) => or(eq(orders.userId, userId), sql`${orders.contact}->>'phone' = ${phone}`);

/**
 * Whether one more order of these lines may hold stock, read inside the placing transaction
 * (the buyer's row is locked there, so two submits cannot pass a cap together); a refusal in
 * Russian, or null.
 */
export async function holdRefusal(
  db: Database,
  order: { userId: number; phone: string; lines: ReadonlyArray<{ productId: number; name: string; quantity: number }>; goodsTotal: number },
  rules: HoldRules,
  now: Date,
): Promise<string | null> {
  const holding = and(inArray(orders.status, HOLDING_STATUSES), sameBuyerOrPhone(order.userId, order.phone));
  const [[held], [value]] = await Promise.all([
    db
      .select({ pieces: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(holding),
    db
      .select({ roubles: sql<number>`coalesce(sum(${orders.goodsTotal}), 0)::bigint` })
      .from(orders)
      .where(holding),
  ]);
  const pieces = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const heldPieces = Number(held?.pieces ?? 0);
  if (heldPieces + pieces > rules.maxPieces) return holdMessages.pieces(rules.maxPieces, heldPieces, pieces);
  const heldRub = Number(value?.roubles ?? 0);
  if (heldRub + order.goodsTotal > rules.maxRub) return holdMessages.value(rules.maxRub, heldRub, order.goodsTotal);

  // The same coins again right after their order expired: the first time is a buyer who ran out of time, not more.
  const expired = await db
    .select({ productId: orderLines.productId, at: orderEvents.createdAt })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orderEvents.status, "cancelled"),
        inArray(orderEvents.note, EXPIRED_REASONS),
        gt(orderEvents.createdAt, new Date(now.getTime() - DAY_MS)),
        inArray(
          orderLines.productId,
          order.lines.map((line) => line.productId),
        ),
        sameBuyerOrPhone(order.userId, order.phone),
      ),
    )
    .orderBy(asc(orderEvents.createdAt));
  for (const line of order.lines) {
    const times = expired.filter((row) => row.productId === line.productId).map((row) => row.at.getTime());
    if (times.length >= rules.maxExpiredPerCoinPerDay) {
      // Allowed again once fewer than the limit fall within the last day.
      const until = new Date(times[times.length - rules.maxExpiredPerCoinPerDay]! + DAY_MS);
      return holdMessages.expiredAgain(line.name, times.length, until);
    }
  }
  return null;
}

/** What unpaid and unconfirmed orders hold, per coin, for the back office's dashboard. */
export async function heldStock(db: Database, limit = 20) {
  const rows = await db
    .select({
      productId: orderLines.productId,
      name: sql<string>`min(${orderLines.name})`,
      pieces: sql<number>`sum(${orderLines.quantity})::int`,
      roubles: sql<number>`sum(${orderLines.lineTotal})::bigint`,
      orders: sql<number>`count(distinct ${orders.id})::int`,
      buyers: sql<number>`count(distinct ${orders.userId})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(inArray(orders.status, HOLDING_STATUSES))
    .groupBy(orderLines.productId)
    .orderBy(desc(sql`sum(${orderLines.quantity})`), asc(orderLines.productId))
    .limit(limit);
  return rows.map((row) => ({ ...row, pieces: Number(row.pieces), roubles: Number(row.roubles), orders: Number(row.orders), buyers: Number(row.buyers) }));
}
