import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { products } from "../db/schema.ts";

/** At most this many coins are listed; the dashboard says how many there are in all. */
const LOW_STOCK_LIMIT = 30;

/**
 * Published coins at or under their low-stock threshold (the coin's own, else the
 * LOW_STOCK_THRESHOLD setting), fewest first: what to order from the mint or the bank.
 */
export async function lowStockCoins(db: Database, defaultThreshold: number) {
  const threshold = sql<number>`coalesce(${products.lowStockThreshold}, ${defaultThreshold})`;
  const where = and(eq(products.status, "active"), sql`${products.stock} <= ${threshold}`);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: products.id, sku: products.sku, slug: products.slug, name: products.name, stock: products.stock, threshold })
      .from(products)
      .where(where)
      .orderBy(asc(products.stock), asc(products.name))
      .limit(LOW_STOCK_LIMIT),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row, threshold: Number(row.threshold) })), total: total?.count ?? 0 };
}
