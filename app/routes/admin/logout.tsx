import { redirect } from "react-router";
import { handleStaffLogout } from "#app/modules/admin/login.server.ts";
import type { Route } from "./+types/logout";

/** 'Выйти' is a POST; a GET of the address only leads back to the back office. */
export function loader() {
  return redirect("/admin");
}

export function action({ request, context }: Route.ActionArgs) {
  return handleStaffLogout(request, context);
}
