import { handleLogout } from "#app/modules/storefront/login-flow.server.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiJson } from "#app/modules/shared/api.ts";
import type { Route } from "./+types/logout";

/** A GET that changes state (the spec's): same-origin only, and never by a HEAD. */
export const handle = apiHandle({ methods: { GET: "change" } });

/** GET /api/auth/logout (spec section 7): ends the session on the server; same-origin only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { headers } = await handleLogout(request, context);
  return apiJson({ data: { isLogged: false } }, { headers });
}
