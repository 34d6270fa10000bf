import { cartResponse, listScope } from "#app/modules/lists/api.server.ts";
import { clearList } from "#app/modules/lists/lists.server.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import type { Route } from "./+types/cart-clear";

/** Kept as a GET for the spec's clients, yet only from the shop's own pages, and never by a HEAD. */
export const handle = apiHandle({ methods: { GET: "change", POST: "change" } });

async function clear(context: Route.LoaderArgs["context"]) {
  const { db, owner } = listScope(context);
  await clearList(db, "cart", owner);
  return cartResponse(context);
}

/** GET /api/cart/clear (spec section 7), same-origin only. */
export function loader({ context }: Route.LoaderArgs) {
  return clear(context);
}

/** POST /api/cart/clear: the same, for clients that do not change state with GET. */
export function action({ context }: Route.ActionArgs) {
  return clear(context);
}
