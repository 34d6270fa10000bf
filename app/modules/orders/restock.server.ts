import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { announceReadsChanged } from "../db/read-changes.server.ts";
import { orderLines, products } from "../db/schema.ts";

/**
 * Puts pieces of an order's lines back on sale, inside the caller's transaction: a refund of coins
 * that came back, a return received in sellable condition. The coins' rows are locked in id order, as
 * placing an order locks them, so the two never deadlock; other instances drop their cached pages at
 * the commit (the caller drops its own after it, invalidateReads("stock")).
 */
export async function putBackOnSale(tx: Database, orderId: number, pieces: ReadonlyArray<{ orderLineId: number; quantity: number }>): Promise<void> {
  if (pieces.length === 0) return;
  const lines = await tx
    .select({ id: orderLines.id, productId: orderLines.productId })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, orderId),
        inArray(
          orderLines.id,
          pieces.map((piece) => piece.orderLineId),
        ),
      ),
    );
  const productOf = new Map(lines.map((line) => [line.id, line.productId]));
  const ids = [...new Set(lines.map((line) => line.productId))];
  await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for("update");
  for (const piece of pieces) {
    const productId = productOf.get(piece.orderLineId);
    if (productId === undefined) continue;
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${piece.quantity}`, updatedAt: new Date() })
      .where(eq(products.id, productId));
  }
  await announceReadsChanged(tx, "stock");
}
