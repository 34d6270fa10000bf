import { idListOf, idsResponse, listScope } from "#app/modules/lists/api.server.ts";
import { addToList, parseProductId, removeFromList } from "#app/modules/lists/lists.server.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { domainErrorResponse } from "#app/modules/shared/api.ts";
import type { Route } from "./+types/id-list-item";

export const handle = apiHandle({ methods: { POST: "change", DELETE: "change" } });

/** POST /api/wishlist/{id} and /api/compare/{id} add, DELETE removes (spec section 7). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const list = idListOf(request);
  try {
    const productId = parseProductId(params.id);
    const { db, owner } = listScope(context);
    if (request.method === "POST") await addToList(db, list, owner, productId);
    else await removeFromList(db, list, owner, [productId]);
    return idsResponse(context, list);
  } catch (error) {
    return domainErrorResponse(error);
  }
}
