import type { RouterContextProvider } from "react-router";
import { getConfig } from "../config/config.server.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { databaseContext, listOwnerContext } from "../request/context.ts";
import { isSameOrigin } from "../request/same-origin.server.ts";
import { apiError, apiJson } from "../shared/api.ts";
import { BodyError, bodyErrorResponse } from "../shared/json-body.server.ts";
import { listEntries, ListError, type ListName } from "./lists.server.ts";
import { cartSummary } from "./summary.server.ts";

/** The database and the lists' owner of an /api request. */
export function listScope(context: Readonly<RouterContextProvider>) {
  return { db: context.get(databaseContext).db, owner: context.get(listOwnerContext) };
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

/** A refusal for a state-changing call that does not come from the shop's own pages. */
export function refuseCrossSite(request: Request): Response | null {
  return isSameOrigin(request, getConfig().publicUrl)
    ? null
    : apiError(403, "cross_site", "Запрос отклонён: изменить список можно только на сайте магазина");
}

/** Turns the buyer's mistakes into 4xx JSON; anything else is a real fault and is rethrown. */
export function listErrorResponse(error: unknown): Response {
  if (error instanceof ListError) return apiError(error.status, error.code, error.message);
  if (error instanceof BodyError) return bodyErrorResponse(error);
  throw error;
}

/**
 * The spec makes two changes of state GETs (/api/cart/clear, /api/auth/logout). React Router
 * runs a HEAD through the same loader, and a HEAD must not change anything: it is refused.
 */
export function refuseHead(request: Request, allowed: string[]): Response | null {
  return request.method === "HEAD" ? methodNotAllowed(allowed) : null;
}

export function methodNotAllowed(allowed: string[]): Response {
  return apiError(405, "method_not_allowed", `Метод не поддерживается; допустимо: ${allowed.join(", ")}`, { Allow: allowed.join(", ") });
}

/** Which of the two id lists an /api/wishlist… or /api/compare… address names. */
export function idListOf(request: Request): "wishlist" | "compare" {
  return new URL(request.url).pathname.startsWith("/api/compare") ? "compare" : "wishlist";
}
