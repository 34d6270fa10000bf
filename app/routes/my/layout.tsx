import { Outlet, redirect } from "react-router";
import { loginHref } from "#app/modules/account/login-href.ts";
import type { Route } from "./+types/layout";

/**
 * The account area needs a signed-in buyer (spec section 6). Signing in by SMS code
 * comes with the sign-in work; until a session exists every visit goes to /login,
 * which brings the buyer back here afterwards.
 */
export function loader({ url }: Route.LoaderArgs) {
  throw redirect(loginHref(url.pathname + url.search));
}

export default function AccountLayout() {
  return <Outlet />;
}
