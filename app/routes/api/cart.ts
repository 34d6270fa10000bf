import { cartResponse, listErrorResponse, listScope } from "#app/modules/lists/api.server.ts";
import { ListError, parseProductId, removeFromList } from "#app/modules/lists/lists.server.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiBody } from "#app/modules/request/guards.server.ts";
import type { Route } from "./+types/cart";

export const handle = apiHandle({ methods: { GET: "read", DELETE: "change" }, body: "json" });

/** GET /api/cart (spec section 7). */
export function loader({ context }: Route.LoaderArgs) {
  return cartResponse(context);
}

/** DELETE /api/cart with { productIds: [...] }: removes those lines. */
export async function action({ context }: Route.ActionArgs) {
  try {
    const body = (await apiBody(context)) as { productIds?: unknown } | null;
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
