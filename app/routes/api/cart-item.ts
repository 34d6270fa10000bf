import { cartResponse, listErrorResponse, listScope, methodNotAllowed, refuseCrossSite } from "#app/modules/lists/api.server.ts";
import { parseProductId, parseQuantity, setCartQuantity } from "#app/modules/lists/lists.server.ts";
import { apiError } from "#app/modules/shared/api.ts";
import { readJsonBody } from "#app/modules/shared/json-body.server.ts";
import type { Route } from "./+types/cart-item";

export function loader() {
  return methodNotAllowed(["PATCH"]);
}

/** PATCH /api/cart/{id} with { quantity }: sets the line (adds it when new); more than the stock is refused. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  try {
    const productId = parseProductId(params.id);
    const body = (await readJsonBody(request)) as { quantity?: unknown } | null;
    if (!body || typeof body !== "object" || !("quantity" in body)) return apiError(400, "bad_body", "Передайте quantity: количество монет");
    const quantity = parseQuantity(body.quantity);
    const { db, owner } = listScope(context);
    await setCartQuantity(db, owner, productId, quantity, { capAtStock: false });
    return cartResponse(context);
  } catch (error) {
    return listErrorResponse(error);
  }
}
