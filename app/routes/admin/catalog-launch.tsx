import { redirect } from "react-router";
import { handleLaunchForm } from "#app/modules/admin/launch-page.server.ts";
import type { Route } from "./+types/catalog-launch";

/** The coin page's announcement form posts here; a GET goes to the coin's page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/admin/catalog/${encodeURIComponent(params.sku)}`);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handleLaunchForm(request, context, params.sku);
}
