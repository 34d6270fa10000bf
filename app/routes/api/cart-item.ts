import { cartResponse, listErrorResponse, listScope } from "#app/modules/lists/api.server.ts";
import { parseProductId, parseQuantity, setCartQuantity } from "#app/modules/lists/lists.server.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiBody } from "#app/modules/request/guards.server.ts";
import { apiError } from "#app/modules/shared/api.ts";
import type { Route } from "./+types/cart-item";

export const handle = apiHandle({ methods: { PATCH: "change" }, body: "json" });

/** PATCH /api/cart/{id} with { quantity }: sets the line (adds it when new); more than the stock is refused. */
export async function action({ params, context }: Route.ActionArgs) {
  try {
    const productId = parseProductId(params.id);
    const body = (await apiBody(context)) as { quantity?: unknown } | null;
    if (!body || typeof body !== "object" || !("quantity" in body)) return apiError(400, "bad_body", "Передайте quantity: количество монет");
    const quantity = parseQuantity(body.quantity);
    const { db, owner } = listScope(context);
    await setCartQuantity(db, owner, productId, quantity, { capAtStock: false });
    return cartResponse(context);
  } catch (error) {
    return listErrorResponse(error);
  }
}
