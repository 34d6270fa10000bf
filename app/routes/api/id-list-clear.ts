import { idListOf, idsResponse, listScope, methodNotAllowed, refuseCrossSite } from "#app/modules/lists/api.server.ts";
import { clearList } from "#app/modules/lists/lists.server.ts";
import type { Route } from "./+types/id-list-clear";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/wishlist/clear and /api/compare/clear: the spec shows no method; a change of state is a POST. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const list = idListOf(request);
  const { db, owner } = listScope(context);
  await clearList(db, list, owner);
  return idsResponse(context, list);
}
