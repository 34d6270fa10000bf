import { idListOf, idsResponse, methodNotAllowed } from "#app/modules/lists/api.server.ts";
import type { Route } from "./+types/id-list";

/** GET /api/wishlist and GET /api/compare (spec section 7): `data` as a list of { id }. */
export function loader({ request, context }: Route.LoaderArgs) {
  return idsResponse(context, idListOf(request));
}

export function action() {
  return methodNotAllowed(["GET"]);
}
