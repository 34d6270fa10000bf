import { and, asc, eq, inArray } from "drizzle-orm";
import { coinBuybackPrice } from "../buyback/price.ts";
import { productPrice } from "../catalog/products.server.ts";
import type { Database } from "../db/client.server.ts";
import { orderLines, orders, products } from "../db/schema.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { holdings, type Holdings } from "./holdings.ts";
import { refundedByOrder } from "./refunded.server.ts";

/** The coins of the buyer's completed orders, valued at today's prices. */
export async function buyerHoldings(db: Database, userId: number, rates: MetalRates | null): Promise<Holdings> {
  const lines = await db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      name: orderLines.name,
      quantity: orderLines.quantity,
      price: orderLines.price,
      paid: orderLines.lineTotal,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, userId), eq(orders.status, "completed")))
    .orderBy(asc(orders.createdAt), asc(orderLines.id));
  // Coins given back by a refund are no longer the buyer's, nor is the money paid for them.
  const refunded = await refundedByOrder(db, [...new Set(lines.map((line) => line.orderId))]);
  const bought = lines
    .map(({ id, orderId, price, ...line }) => {
      const back = refunded.get(orderId);
      const pieces = back?.whole ? line.quantity : Math.min(line.quantity, back?.pieces[id] ?? 0);
      return { ...line, quantity: line.quantity - pieces, paid: line.paid - pieces * price };
    })
    .filter((line) => line.quantity > 0);
  const ids = [...new Set(bought.map((line) => line.productId))];
  const rows = ids.length > 0 ? await db.select().from(products).where(inArray(products.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return holdings(
    bought.map((line) => ({ ...line, slug: byId.get(line.productId)?.status === "active" ? byId.get(line.productId)!.slug : null })),
    (productId) => {
      const row = byId.get(productId);
      if (!row) return { price: null, buyback: null };
      return { price: productPrice(row, rates), buyback: rates ? coinBuybackPrice(row, rates) : null };
    },
  );
}
