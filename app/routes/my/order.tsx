import { requireUser } from "#app/modules/auth/require-user.server.ts";
import { pageNotFound } from "#app/modules/shared/not-found.ts";
import type { Route } from "./+types/order";

/** An order of the signed-in buyer; another buyer's order, or none, is a 404. */
export function loader({ request, url, context }: Route.LoaderArgs) {
  requireUser(url, context);
  // Orders are placed by checkout; until one exists under this number for this buyer, there is nothing to show.
  pageNotFound(url.pathname);
}

export default function Order() {
  return null;
}
