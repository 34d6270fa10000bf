import { redirect } from "react-router";
import { handlePreorderCancelForm } from "#app/modules/admin/launch-page.server.ts";
import type { Route } from "./+types/catalog-preorders";

/** The coin page's «Отменить предзаказ» forms post here; a GET goes to the coin's page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/admin/catalog/${encodeURIComponent(params.sku)}`);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handlePreorderCancelForm(request, context, params.sku);
}
