import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { getConfig } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import { preparedPerDatabase } from "../db/prepared.server.ts";
import { listItems, products } from "../db/schema.ts";
import type { ListOwner } from "../request/context.ts";
import { DomainError } from "../shared/failure.ts";
import { limitMessages, pieceLimit } from "./limits.ts";
import { notOnSaleYet } from "../launches/launch.server.ts";
import { launchTexts } from "../launches/launch.ts";
import type { ListMembership } from "./types.ts";

/** The three lists a buyer collects coins in. */
export type ListName = "cart" | "wishlist" | "compare";

// Whose lists: defined with the request's context, which sits below the domains.
export type { ListOwner };

/** How many products each list may hold: enough for any real buyer, not a dump of the catalogue. */
export const listLimits: Record<ListName, number> = { cart: 50, wishlist: 200, compare: 10 };

/** A refusal the buyer can act on: the code for /api clients, the message in Russian. */
export class ListError extends DomainError {
  override name = "ListError";
}

export const listMessages = {
  productNotFound: "Товар не найден",
  productUnavailable: "Этот товар сейчас не продаётся",
  outOfStock: "Товар закончился",
  notWhole: "Количество должно быть целым числом",
  belowOne: "Количество должно быть не меньше 1",
  tooMany: "Слишком большое количество",
  badId: "Неверный идентификатор товара",
  onlyInStock: (stock: number) => `Доступно только ${stock} шт.`,
  listFull: {
    cart: "В корзине уже 50 разных монет: оформите заказ или уберите лишнее",
    wishlist: "В избранном уже 200 монет",
    compare: "Сравнивать можно не больше 10 монет: уберите одну из списка",
  },
} as const;

type Tx = Database;

async function lockProduct(tx: Tx, productId: number) {
  // The coin stays while its line is written. A key share, not an update lock: a cart reserves
  // nothing, so adding the coin neither waits for its orders nor makes them wait (a launch's crowd);
  // one owner's list changes happen one at a time under lockOwnerList.
  const [product] = await tx
    .select({
      id: products.id,
      name: products.name,
      stock: products.stock,
      status: products.status,
      maxPerOrder: products.maxPerOrder,
      salesOpenAt: products.salesOpenAt,
      buyerCap: products.buyerCap,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for("key share");
  if (!product) throw new ListError("product_not_found", listMessages.productNotFound, 404);
  return product;
}

/**
 * One change at a time to one owner's list, on every instance: without it, 40 parallel
 * additions each counted 9 and the comparison held 12 of 10. Taken
 * before any product row lock, everywhere, so two changes never wait on each other.
 */
async function lockOwnerList(tx: Tx, list: ListName, owner: ListOwner) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`list:${list}:${owner}`}))`);
}

async function ensureRoom(tx: Tx, list: ListName, owner: ListOwner, productId: number) {
  const [existing] = await tx
    .select({ id: listItems.id })
    .from(listItems)
    .where(and(eq(listItems.list, list), eq(listItems.owner, owner), eq(listItems.productId, productId)));
  if (existing) return;
  const [row] = await tx
    .select({ n: count() })
    .from(listItems)
    .where(and(eq(listItems.list, list), eq(listItems.owner, owner)));
  if ((row?.n ?? 0) >= listLimits[list]) throw new ListError("list_full", listMessages.listFull[list], 409);
}

/**
 * Checks a quantity typed by a buyer or sent by a client: a whole number from 1 up, as a
 * number or decimal digits. Number() alone would read "0x10" as 16 and "1e3" as 1000.
 */
export const quantityField = z.preprocess(
  (value) => (typeof value === "string" ? (/^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : Number.NaN) : value),
  z.number({ error: listMessages.notWhole }).refine(Number.isInteger, listMessages.notWhole).min(1, listMessages.belowOne).max(100_000, listMessages.tooMany),
);

/** quantityField for a page form's value: a refusal is the ListError its page shows. */
export function parseQuantity(value: unknown): number {
  const parsed = quantityField.safeParse(value);
  if (!parsed.success) throw new ListError("bad_quantity", parsed.error.issues[0]!.message);
  return parsed.data;
}

/** A product id from an address or a form: a positive whole number. */
export const productIdField = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : ""),
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, listMessages.badId)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, listMessages.badId),
);

/** productIdField for an address's or a form's value: a refusal is the ListError its page shows. */
export function parseProductId(value: unknown): number {
  const parsed = productIdField.safeParse(value);
  if (!parsed.success) throw new ListError("bad_id", listMessages.badId);
  return parsed.data;
}

/**
 * What a cart change did: `capped` when less than asked was put in, because of the stock or of
 * the pieces one order may hold (`limit`, MAX_PIECES_PER_COIN or the coin's own lower cap).
 */
export type CartChange = { quantity: number; capped: boolean; stock: number; limit: number; buyerCap?: number | null };

/** Why a capped change stopped where it did, for the buyer. */
export function cappedMessage(change: CartChange): string {
  if (change.buyerCap != null && change.limit === change.buyerCap && change.limit < change.stock) return launchTexts.capReached(change.limit);
  return change.limit < change.stock ? limitMessages.perCoin(change.limit) : listMessages.onlyInStock(change.stock);
}

/** The most pieces one cart line may hold: the order's per-coin limit, and an announced coin's cap for one buyer. */
const limitOf = (product: { maxPerOrder: number | null; buyerCap: number | null }) =>
  Math.min(pieceLimit(product, getConfig().orders.maxPiecesPerCoin), product.buyerCap ?? Number.POSITIVE_INFINITY);

/** An announced coin is not put in a cart before its sales open (a page kept open past 09:59:59 gets this message). */
function refuseBeforeOpening(product: { name: string; salesOpenAt: Date | null }) {
  const early = notOnSaleYet(product, new Date());
  if (early) throw new ListError("not_on_sale_yet", early, 409);
}

/**
 * A coin that cannot go into the cart, said from a read without a lock: on a launch, once the coin
 * is sold out, a crowd still pressing «В корзину» is told so at once instead of queueing for its row
 * lock behind the orders, each holding a database connection. The locked read decides the rest.
 */
async function refuseUnavailableBeforeLocking(db: Database, productId: number) {
  const [product] = await db
    .select({ name: products.name, stock: products.stock, status: products.status, salesOpenAt: products.salesOpenAt })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return;
  if (product.status !== "active") throw new ListError("product_unavailable", listMessages.productUnavailable, 409);
  refuseBeforeOpening(product);
  if (product.stock < 1) throw new ListError("out_of_stock", listMessages.outOfStock, 409);
}

/**
 * Puts `quantity` more of a product into the cart (1 by default, spec section 9). More
 * than the stock is capped at the stock: the result says so, for a clear message.
 */
export async function addToCart(db: Database, owner: ListOwner, productId: number, quantity = 1): Promise<CartChange> {
  await refuseUnavailableBeforeLocking(db, productId);
  return db.transaction(async (tx) => {
    await lockOwnerList(tx as Tx, "cart", owner);
    const product = await lockProduct(tx as Tx, productId);
    if (product.status !== "active") throw new ListError("product_unavailable", listMessages.productUnavailable, 409);
    refuseBeforeOpening(product);
    if (product.stock < 1) throw new ListError("out_of_stock", listMessages.outOfStock, 409);
    await ensureRoom(tx as Tx, "cart", owner, productId);
    const [current] = await tx
      .select({ quantity: listItems.quantity })
      .from(listItems)
      .where(and(eq(listItems.list, "cart"), eq(listItems.owner, owner), eq(listItems.productId, productId)));
    const wanted = (current?.quantity ?? 0) + quantity;
    const limit = limitOf(product);
    const final = Math.min(wanted, product.stock, limit);
    await upsert(tx as Tx, "cart", owner, productId, final);
    return { quantity: final, capped: final < wanted, stock: product.stock, limit, buyerCap: product.buyerCap };
  });
}

/**
 * Sets a cart line to exactly `quantity` (the +/− buttons and PATCH /api/cart/{id}); over the
 * stock or the per-coin limit it is capped (`capAtStock`, the page forms) or refused (the API).
 */
export async function setCartQuantity(
  db: Database,
  owner: ListOwner,
  productId: number,
  quantity: number,
  options: { capAtStock: boolean },
): Promise<CartChange> {
  await refuseUnavailableBeforeLocking(db, productId);
  return db.transaction(async (tx) => {
    await lockOwnerList(tx as Tx, "cart", owner);
    const product = await lockProduct(tx as Tx, productId);
    if (product.status !== "active") throw new ListError("product_unavailable", listMessages.productUnavailable, 409);
    refuseBeforeOpening(product);
    if (product.stock < 1) throw new ListError("out_of_stock", listMessages.outOfStock, 409);
    const limit = limitOf(product);
    if (quantity > limit && !options.capAtStock)
      throw new ListError("per_coin_limit", cappedMessage({ quantity, capped: true, stock: product.stock, limit, buyerCap: product.buyerCap }), 409);
    if (quantity > product.stock && !options.capAtStock) throw new ListError("not_enough_stock", listMessages.onlyInStock(product.stock), 409);
    await ensureRoom(tx as Tx, "cart", owner, productId);
    const final = Math.min(quantity, product.stock, limit);
    await upsert(tx as Tx, "cart", owner, productId, final);
    return { quantity: final, capped: final < quantity, stock: product.stock, limit, buyerCap: product.buyerCap };
  });
}

/** Adds a product to the wishlist or the comparison list (adding twice changes nothing). */
export async function addToList(db: Database, list: "wishlist" | "compare", owner: ListOwner, productId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnerList(tx as Tx, list, owner);
    await lockProduct(tx as Tx, productId);
    await ensureRoom(tx as Tx, list, owner, productId);
    await tx
      .insert(listItems)
      .values({ list, owner, productId, quantity: 1 })
      .onConflictDoNothing({ target: [listItems.list, listItems.owner, listItems.productId] });
  });
}

async function upsert(tx: Tx, list: ListName, owner: ListOwner, productId: number, quantity: number) {
  await tx
    .insert(listItems)
    .values({ list, owner, productId, quantity })
    .onConflictDoUpdate({ target: [listItems.list, listItems.owner, listItems.productId], set: { quantity, updatedAt: sql`now()` } });
}

export async function removeFromList(db: Database, list: ListName, owner: ListOwner, productIds: number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const removed = await db
    .delete(listItems)
    .where(and(eq(listItems.list, list), eq(listItems.owner, owner), inArray(listItems.productId, productIds)))
    .returning({ id: listItems.id });
  return removed.length;
}

export async function clearList(db: Database, list: ListName, owner: ListOwner): Promise<void> {
  await db.delete(listItems).where(and(eq(listItems.list, list), eq(listItems.owner, owner)));
}

/** The lines of a list, oldest first: product ids and quantities. */
export async function listEntries(db: Database, list: ListName, owner: ListOwner): Promise<{ productId: number; quantity: number }[]> {
  return db
    .select({ productId: listItems.productId, quantity: listItems.quantity })
    .from(listItems)
    .where(and(eq(listItems.list, list), eq(listItems.owner, owner)))
    .orderBy(asc(listItems.addedAt), asc(listItems.id));
}

export type ListCounts = { cart: number; wishlist: number; compare: number };

export type { ListMembership };

/**
 * The header badges — coins in the cart (quantities added up), products in the other
 * two lists — and which products are in each, so every card and product page can say
 * 'В избранном' or 'В корзине: N шт.'. One query; the lists are
 * bounded by `listLimits`.
 */
export async function listState(db: Database, owner: ListOwner): Promise<{ counts: ListCounts; membership: ListMembership }> {
  const rows = await ownerListItems(db).execute({ owner });
  const counts: ListCounts = { cart: 0, wishlist: 0, compare: 0 };
  const membership: ListMembership = { cart: {}, wishlist: [], compare: [] };
  for (const row of rows) {
    if (row.list === "cart") {
      counts.cart += row.quantity;
      membership.cart[row.productId] = row.quantity;
    } else {
      counts[row.list] += 1;
      membership[row.list].push(row.productId);
    }
  }
  return { counts, membership };
}

/** Read on every page a visitor with lists asks for: prepared once (prepared.server.ts). */
const ownerListItems = preparedPerDatabase((db) =>
  db
    .select({ list: listItems.list, productId: listItems.productId, quantity: listItems.quantity })
    .from(listItems)
    .where(eq(listItems.owner, sql.placeholder("owner")))
    .orderBy(asc(listItems.addedAt), asc(listItems.id))
    .prepare("owner_list_items"),
);

export async function listCounts(db: Database, owner: ListOwner): Promise<ListCounts> {
  return (await listState(db, owner)).counts;
}

/**
 * On sign-in the visitor's lists join the user's (docs/architecture.md §5): cart
 * quantities add up, capped by stock; a list already at its limit takes no new product
 *; the visitor keeps nothing.
 */
export async function mergeLists(db: Database, from: ListOwner, to: ListOwner): Promise<void> {
  if (from === to) return;
  await db.transaction(async (tx) => {
    // The user's lists first (the order every change takes), then the products.
    for (const list of ["cart", "compare", "wishlist"] as const) await lockOwnerList(tx as Tx, list, to);
    const incoming = await tx.select().from(listItems).where(eq(listItems.owner, from)).orderBy(asc(listItems.addedAt), asc(listItems.id));
    const held = await tx
      .select({ list: listItems.list, productId: listItems.productId, quantity: listItems.quantity })
      .from(listItems)
      .where(eq(listItems.owner, to));
    const sizes: Record<ListName, number> = { cart: 0, wishlist: 0, compare: 0 };
    const existing = new Map<string, number>();
    for (const row of held) {
      sizes[row.list] += 1;
      existing.set(`${row.list}:${row.productId}`, row.quantity);
    }
    const stocks = new Map<number, number>();
    for (const productId of [...new Set(incoming.map((item) => item.productId))].sort((a, b) => a - b)) {
      const [product] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId)).for("update");
      stocks.set(productId, product?.stock ?? 1);
    }
    for (const item of incoming) {
      const had = existing.get(`${item.list}:${item.productId}`);
      if (had === undefined) {
        if (sizes[item.list] >= listLimits[item.list]) continue;
        sizes[item.list] += 1;
      }
      const quantity = item.list === "cart" ? Math.max(1, Math.min((had ?? 0) + item.quantity, Math.max(stocks.get(item.productId) ?? 1, 1))) : 1;
      await upsert(tx as Tx, item.list, to, item.productId, quantity);
      existing.set(`${item.list}:${item.productId}`, quantity);
    }
    await tx.delete(listItems).where(eq(listItems.owner, from));
  });
}

/** Logout: the visitor is left with empty lists (spec section 4). */
export async function clearAllLists(db: Database, owner: ListOwner): Promise<void> {
  await db.delete(listItems).where(eq(listItems.owner, owner));
}
