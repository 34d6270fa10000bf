import { redirect, type RouterContextProvider } from "react-router";
import { loginHref } from "./login-href.ts";
import { userContext } from "../request/context.ts";
import type { User } from "./sessions.server.ts";

/** The account area is for signed-in buyers (spec section 6); others go to /login and come back. */
export function requireUser(url: URL, context: Readonly<RouterContextProvider>): User {
  const user = context.get(userContext);
  if (user) return user;
  // `url`, not request.url: with JavaScript the loaders are asked for "/my.data".
  throw redirect(loginHref(url.pathname + url.search));
}
