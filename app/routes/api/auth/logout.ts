import { handleLogout } from "#app/modules/auth/login-flow.server.ts";
import { methodNotAllowed, refuseCrossSite, refuseHead } from "#app/modules/lists/api.server.ts";
import { apiJson } from "#app/modules/shared/api.ts";
import type { Route } from "./+types/logout";

/** GET /api/auth/logout (spec section 7): ends the session on the server; same-origin only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const refused = refuseHead(request, ["GET"]) ?? refuseCrossSite(request);
  if (refused) return refused;
  const { headers } = await handleLogout(request, context);
  return apiJson({ data: { isLogged: false } }, { headers });
}

/** Any other method: the contract's JSON 405, not React Router's own answer. */
export function action() {
  return methodNotAllowed(["GET"]);
}
