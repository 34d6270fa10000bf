import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
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

/** The buyer the account area's middleware let in; set only under that layout. */
const accountUserContext = createContext<User>();

/**
 * The `my` layout's door (docs/decisions/027-guards-as-middleware.md): one check for every
 * page, form and download below it, before any loader or action runs.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = ({ url, context }, next) => {
  context.set(accountUserContext, requireUser(url, context));
  return next();
};

/** The signed-in buyer of an account-area loader or action (requireUserMiddleware let them in). */
export function accountUser(context: Readonly<RouterContextProvider>): User {
  return context.get(accountUserContext);
}
