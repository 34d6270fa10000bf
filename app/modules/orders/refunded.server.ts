import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { orders, type RefundLine, refunds } from "../db/schema.ts";

/**
 * What an order gave back to its buyer: the refunds that went through (the ones the buyer was
 * told of by SMS and e-mail). The buyer's order page, order list and «Мои монеты» and the back
 * office read it here, so they agree on what an order came to after a refund.
 */
export type Refunded = {
  /** Roubles given back. */
  amount: number;
  /** Pieces given back per order line id. */
  pieces: Record<number, number>;
  /** A whole-payment refund (no lines): everything went back. */
  whole: boolean;
};

export const nothingRefunded: Refunded = { amount: 0, pieces: {}, whole: false };

/** The roubles refunded of the order in the row, for a list's select (one subquery, no second round trip). */
export const refundedAmountSql =
  sql<number>`coalesce((select sum(${refunds.amount}) from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} = 'succeeded'), 0)`.mapWith(
    Number,
  );

/**
 * Refunds that went through, added up per order; an order without any is absent. With
 * `pending: true`, also those the payment service has not answered yet (they will go through:
 * they are retried), which is what may still be given back is counted against.
 */
export async function refundedByOrder(db: Database, orderIds: readonly number[], { pending = false } = {}): Promise<Map<number, Refunded>> {
  const byOrder = new Map<number, Refunded>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: refunds.orderId, amount: refunds.amount, lines: refunds.lines })
    .from(refunds)
    .where(and(inArray(refunds.orderId, [...orderIds]), pending ? ne(refunds.status, "canceled") : eq(refunds.status, "succeeded")));
  for (const row of rows) byOrder.set(row.orderId, addRefund(byOrder.get(row.orderId) ?? nothingRefunded, row));
  return byOrder;
}

function addRefund(sum: Refunded, refund: { amount: number; lines: RefundLine[] | null }): Refunded {
  const pieces = { ...sum.pieces };
  for (const line of refund.lines ?? []) if (line.orderLineId !== null) pieces[line.orderLineId] = (pieces[line.orderLineId] ?? 0) + line.quantity;
  return { amount: sum.amount + refund.amount, pieces, whole: sum.whole || refund.lines === null };
}
