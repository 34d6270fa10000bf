import { idListOf, idsResponse, listScope } from "#app/modules/lists/api.server.ts";
import { clearList } from "#app/modules/lists/lists.server.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import type { Route } from "./+types/id-list-clear";

export const handle = apiHandle({ methods: { POST: "change" } });

/** POST /api/wishlist/clear and /api/compare/clear: the spec shows no method; a change of state is a POST. */
export async function action({ request, context }: Route.ActionArgs) {
  const list = idListOf(request);
  const { db, owner } = listScope(context);
  await clearList(db, list, owner);
  return idsResponse(context, list);
}
