import { cartResponse, listScope, readCartRemovalBody } from "#app/modules/lists/api.server.ts";
import { removeFromList } from "#app/modules/lists/lists.server.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiBody } from "#app/modules/request/guards.server.ts";
import { domainErrorResponse } from "#app/modules/shared/api.ts";
import type { Route } from "./+types/cart";

export const handle = apiHandle({ methods: { GET: "read", DELETE: "change" }, body: "json" });

/** GET /api/cart (spec section 7). */
export function loader({ context }: Route.LoaderArgs) {
  return cartResponse(context);
}

/** DELETE /api/cart with { productIds: [...] }: removes those lines. */
export async function action({ context }: Route.ActionArgs) {
  try {
    const body = readCartRemovalBody(await apiBody(context));
    if (!body.ok) return body.response;
    const { db, owner } = listScope(context);
    await removeFromList(db, "cart", owner, body.data.productIds);
    return cartResponse(context);
  } catch (error) {
    return domainErrorResponse(error);
  }
}
