import { redirect } from "react-router";
import { handleLaunchSubscription } from "#app/modules/storefront/launch-subscription.server.ts";
import type { Route } from "./+types/launch-subscriptions";

/** The coin page's «Сообщить о начале продаж» posts here (signed in: the /my layout checks it); a GET goes to the notices. */
export function loader() {
  return redirect("/my/alerts");
}

export function action({ request, context }: Route.ActionArgs) {
  return handleLaunchSubscription(request, context);
}
