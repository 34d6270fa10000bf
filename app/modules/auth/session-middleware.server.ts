import type { MiddlewareFunction } from "react-router";
import { databaseContext, listOwnerContext, userContext } from "../request/context.ts";
import { readCookie, setsCookie } from "../shared/cookies.ts";
import { clearSessionCookieHeader, readSessionToken, SESSION_COOKIE, userBySessionToken } from "./sessions.server.ts";

/**
 * Reads the session cookie: a live session makes the request the user's (and the lists
 * the user's); a stale or forged token is dropped from the browser.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const token = readSessionToken(request);
  const user = token ? await userBySessionToken(context.get(databaseContext).db, token) : undefined;
  context.set(userContext, user ?? null);
  if (user) context.set(listOwnerContext, `user:${user.id}`);
  const response = await next();
  const hadCookie = readCookie(request.headers.get("Cookie"), SESSION_COOKIE) !== undefined;
  if (hadCookie && !user && !setsCookie(response, SESSION_COOKIE)) {
    response.headers.append("Set-Cookie", clearSessionCookieHeader());
  }
  return response;
};
