import { redirect } from "react-router";
import { handleLogout } from "#app/modules/storefront/login-flow.server.ts";
import type { Route } from "./+types/logout";

/** 'Выйти' is a POST; the buyer lands on / (with JavaScript the history entry is replaced). */
export async function action({ request, context }: Route.ActionArgs) {
  const { headers } = await handleLogout(request, context);
  return redirect("/", { status: 303, headers });
}

/** A GET never signs anyone out: it only leads home. */
export function loader() {
  return redirect("/");
}
