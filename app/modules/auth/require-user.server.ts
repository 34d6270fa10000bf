import { redirect, type RouterContextProvider } from "react-router";
import { loginHref } from "../account/login-href.ts";
import { userContext } from "../request/context.ts";
import type { User } from "./sessions.server.ts";

/** The account area is for signed-in buyers (spec section 6); others go to /login and come back. */
export function requireUser(request: Request, context: Readonly<RouterContextProvider>): User {
  const user = context.get(userContext);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(loginHref(url.pathname + url.search));
}
