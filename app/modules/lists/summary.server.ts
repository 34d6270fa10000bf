import { inArray } from "drizzle-orm";
import { pricingRule, toCard, type ProductRow } from "../catalog/products.server.ts";
import { activePromotions } from "../content/promotions.server.ts";
import type { ProductCard } from "../catalog/types.ts";
import { getConfig } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import { products } from "../db/schema.ts";
import { limitMessages, pieceLimit } from "./limits.ts";
import { type CartLineInput, priceLines } from "../pricing/discounts.ts";
import type { LineDiscount } from "../db/column-values.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { listEntries, type ListName, type ListOwner } from "./lists.server.ts";
import { isComing, launchTexts } from "../launches/launch.ts";

export type CartLine = {
  product: ProductCard & { sku: string; active: boolean };
  quantity: number;
  /** What each coin of this line costs, after a promotion or quantity tier (product.price is before); null when unpriced. */
  unitPrice: number | null;
  /** The promotion or quantity tier that lowered the price, if any (shown on the line). */
  discount: LineDiscount | null;
  /** Unit price × quantity; null when the line is left out of the total. */
  lineTotal: number | null;
  /** Why the line cannot be bought now, if so: sold out, withdrawn, or fewer in stock than wanted. */
  problem: string | null;
  /** Unavailable lines stay in the cart, marked, and are left out of the total. */
  available: boolean;
  /** The most pieces of this coin one order may hold (MAX_PIECES_PER_COIN, the coin's own cap, or its cap for one buyer). */
  limit: number;
  /** Pieces of this coin one buyer may have over all orders («не более N шт. в одни руки»), if it has such a cap. */
  buyerCap: number | null;
};

export type CartSummary = {
  lines: CartLine[];
  totalPrice: number;
  totalCoins: number;
  /** The coins' own weight, every line counted (the parcel the delivery is priced for). */
  totalGrams: number;
};

async function productsById(db: Database, ids: number[]): Promise<Map<number, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The cart with today's prices, computed on the server (the client never sends a price):
 * the coins' prices with the promotions running today and the coins' quantity tiers
 * (pricing/discounts.ts), the same rules placeOrder applies.
 */
export async function cartSummary(db: Database, owner: ListOwner, rates: MetalRates | null): Promise<CartSummary> {
  return summarizeLines(db, await listEntries(db, "cart", owner), rates);
}

/**
 * Coins and quantities priced as the cart prices them (an order staff take is priced so): each
 * line with its problem (sold out, over the stock or the cap), today's promotions and tiers.
 */
export async function summarizeLines(
  db: Database,
  entries: ReadonlyArray<{ productId: number; quantity: number }>,
  rates: MetalRates | null,
): Promise<CartSummary> {
  const [rows, promotions] = await Promise.all([
    productsById(
      db,
      entries.map((entry) => entry.productId),
    ),
    activePromotions(db),
  ]);
  const lines: CartLine[] = [];
  const { maxPiecesPerCoin } = getConfig().orders;
  let totalGrams = 0;
  const priced: Array<{ line: CartLine; input: CartLineInput }> = [];
  for (const entry of entries) {
    const row = rows.get(entry.productId);
    if (!row) continue;
    totalGrams += row.totalGrams * entry.quantity;
    const card = toCard(row, rates);
    const active = row.status === "active";
    // Announced but not on sale yet (staff announced a coin already in carts): shown, not counted.
    const coming = isComing(row.salesOpenAt);
    const limit = Math.min(pieceLimit(row, maxPiecesPerCoin), row.buyerCap ?? Number.POSITIVE_INFINITY);
    let problem: string | null = null;
    if (!active) problem = "Снята с продажи";
    else if (coming) problem = launchTexts.opensAt(row.salesOpenAt!);
    else if (row.stock < 1) problem = "Нет в наличии";
    else if (entry.quantity > row.stock) problem = `В наличии только ${row.stock} шт.`;
    // The operator may lower a coin's cap after it was put in the cart: placing the order would refuse it.
    else if (entry.quantity > limit) problem = row.buyerCap === limit ? launchTexts.capReached(limit) : limitMessages.perCoin(limit);
    else if (card.price === null) problem = "Цена уточняется";
    // A line asking for more than the stock still counts, at what can be sold; checkout checks again.
    const available = active && !coming && row.stock >= 1 && card.price !== null;
    const sellable = Math.min(entry.quantity, row.stock);
    const line: CartLine = {
      product: { ...card, sku: row.sku, active },
      quantity: entry.quantity,
      unitPrice: null,
      discount: null,
      lineTotal: null,
      problem,
      available,
      limit,
      buyerCap: row.buyerCap,
    };
    lines.push(line);
    if (available) priced.push({ line, input: { coin: row, rule: pricingRule(row), tiers: row.quantityTiers, quantity: sellable } });
  }
  const prices = priceLines(
    priced.map((item) => item.input),
    promotions,
    rates ?? { gold: 0, silver: 0 },
  );
  priced.forEach(({ line, input }, index) => {
    const price = prices[index]!;
    line.unitPrice = price.price;
    line.discount = price.discount;
    line.lineTotal = price.price * input.quantity;
  });
  return {
    lines,
    totalPrice: lines.reduce((total, line) => total + (line.lineTotal ?? 0), 0),
    totalCoins: entries.reduce((total, entry) => total + entry.quantity, 0),
    totalGrams,
  };
}

/** A wishlist or comparison list as full product rows (the comparison table needs every field). */
export async function listProductsOf(db: Database, list: Exclude<ListName, "cart">, owner: ListOwner): Promise<ProductRow[]> {
  const entries = await listEntries(db, list, owner);
  const rows = await productsById(
    db,
    entries.map((entry) => entry.productId),
  );
  return entries.map((entry) => rows.get(entry.productId)).filter((row): row is ProductRow => !!row);
}
