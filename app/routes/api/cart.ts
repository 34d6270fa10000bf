import { cartResponse, listErrorResponse, listScope, methodNotAllowed, refuseCrossSite } from "#app/modules/lists/api.server.ts";
import { ListError, parseProductId, removeFromList } from "#app/modules/lists/lists.server.ts";
import { readJsonBody } from "#app/modules/shared/json-body.server.ts";
import type { Route } from "./+types/cart";

/** GET /api/cart (spec section 7). */
export function loader({ context }: Route.LoaderArgs) {
  return cartResponse(context);
}

/** DELETE /api/cart with { productIds: [...] }: removes those lines. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  try {
    const body = (await readJsonBody(request)) as { productIds?: unknown };
    if (!Array.isArray(body?.productIds) || body.productIds.length === 0 || body.productIds.length > 100) {
      throw new ListError("bad_body", "Передайте productIds: список идентификаторов товаров");
    }
    const ids = body.productIds.map(parseProductId);
    const { db, owner } = listScope(context);
    await removeFromList(db, "cart", owner, ids);
    return cartResponse(context);
  } catch (error) {
    return listErrorResponse(error);
  }
}
