import { cartResponse, listScope, methodNotAllowed, refuseCrossSite, refuseHead } from "#app/modules/lists/api.server.ts";
import { clearList } from "#app/modules/lists/lists.server.ts";
import type { Route } from "./+types/cart-clear";

async function clear(request: Request, context: Route.LoaderArgs["context"]) {
  // Kept as a GET for the spec's clients, yet only from the shop's own pages, and never by a HEAD.
  const refused = refuseHead(request, ["GET", "POST"]) ?? refuseCrossSite(request);
  if (refused) return refused;
  const { db, owner } = listScope(context);
  await clearList(db, "cart", owner);
  return cartResponse(context);
}

/** GET /api/cart/clear (spec section 7), same-origin only. */
export function loader({ request, context }: Route.LoaderArgs) {
  return clear(request, context);
}

/** POST /api/cart/clear: the same, for clients that do not change state with GET. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return clear(request, context);
}
