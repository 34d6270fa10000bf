import { idListOf, idsResponse } from "#app/modules/lists/api.server.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import type { Route } from "./+types/id-list";

export const handle = apiHandle({ methods: { GET: "read" } });

/** GET /api/wishlist and GET /api/compare (spec section 7): `data` as a list of { id }. */
export function loader({ request, context }: Route.LoaderArgs) {
  return idsResponse(context, idListOf(request));
}
