import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { databaseContext, listOwnerContext } from "../request/context.ts";
import { apiJson } from "../shared/api.ts";
import { parseApiBody, requiredField } from "../shared/api-body.ts";
import { listEntries, type ListName, productIdField, quantityField } from "./lists.server.ts";
import { cartSummary } from "./summary.server.ts";

/** The database and the lists' owner of an /api request. */
export function listScope(context: Readonly<RouterContextProvider>) {
  return { db: context.get(databaseContext).db, owner: context.get(listOwnerContext) };
}

const passQuantity = "Передайте quantity: количество монет";
const passProductIds = "Передайте productIds: список идентификаторов товаров";

const cartItemBody = z.object({ quantity: requiredField(passQuantity, quantityField) }, { error: passQuantity });

/** PATCH /api/cart/{id}'s body, { quantity }: a body without it is bad_body, a wrong one bad_quantity. */
export function readCartItemBody(body: unknown) {
  return parseApiBody(cartItemBody, body, { quantity: (issue) => (issue.input === undefined ? "bad_body" : "bad_quantity") });
}

const cartRemovalBody = z.object(
  {
    productIds: z.array(z.unknown(), { error: passProductIds }).min(1, passProductIds).max(100, passProductIds).pipe(z.array(productIdField)),
  },
  { error: passProductIds },
);

/** DELETE /api/cart's body, { productIds: [...] }: one to a hundred product ids. */
export function readCartRemovalBody(body: unknown) {
  return parseApiBody(cartRemovalBody, body, { productIds: "bad_body", "productIds.*": "bad_id" });
}

/** GET /api/cart's answer (spec section 7): coins as { id, count }, the total, the number of coins. */
export async function cartResponse(context: Readonly<RouterContextProvider>): Promise<Response> {
  const { db, owner } = listScope(context);
  const summary = await cartSummary(db, owner, (await getQuotesService()).rates());
  return apiJson({
    data: {
      order: { coins: summary.lines.map((line) => ({ id: line.product.id, count: line.quantity })), totalPrice: summary.totalPrice },
      totalCoins: summary.totalCoins,
    },
  });
}

/** GET /api/wishlist and /api/compare: `data` as a list of { id }. */
export async function idsResponse(context: Readonly<RouterContextProvider>, list: Exclude<ListName, "cart">): Promise<Response> {
  const { db, owner } = listScope(context);
  return apiJson({ data: (await listEntries(db, list, owner)).map((entry) => ({ id: entry.productId })) });
}

/** Which of the two id lists an /api/wishlist… or /api/compare… address names. */
export function idListOf(request: Request): "wishlist" | "compare" {
  return new URL(request.url).pathname.startsWith("/api/compare") ? "compare" : "wishlist";
}
