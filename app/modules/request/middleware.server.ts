import { randomUUID } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { getDatabase } from "../db/database.server.ts";
import { clearVisitorProposalHeader, readProposedVisitorId, readVisitorId, visitorCookieHeader } from "../visitor/visitor-cookie.server.ts";
import { clearFlashHeader, FLASH_COOKIE, readFlash } from "../flash/flash.server.ts";
import { setsCookie } from "../shared/cookies.ts";
import { apiError } from "../shared/api.ts";
import { errorTexts } from "../shared/error-view.ts";
import { cacheControlFor, isSharedPath, SHARED_PAGE_HEADER } from "./cache-policy.ts";
import { databaseContext, flashContext, listOwnerContext, visitorContext } from "./context.ts";

/**
 * Sets Cache-Control on every answer of the application from the one table in
 * cache-policy.ts (docs/decisions/005-http-caching.md). The outermost middleware, so it
 * sees the final status and every cookie the others set.
 */
export const cacheControlMiddleware: MiddlewareFunction<Response> = async ({ request, url }, next) => {
  const response = await next();
  const setsCookie = response.headers.getSetCookie().length > 0;
  const anonymous = request.headers.has(SHARED_PAGE_HEADER);
  const cacheControl = cacheControlFor({ method: request.method, pathname: url.pathname, status: response.status, setsCookie, anonymous });
  response.headers.set("Cache-Control", cacheControl);
  // A shared cache that honours Vary keeps the copy only for requests without cookies.
  if (anonymous) response.headers.append("Vary", "Cookie");
  return response;
};

/**
 * Gives every request a visitor id, and sets the cookie with the visitor's first change (a
 * POST: adding to the cart, the wishlist, a sign-in step), not on the first visit: until
 * then the visitor has nothing of their own, and the pages they read carry no cookie, so
 * they are the same for everyone and may be shared (page-cache.server.ts, a CDN). Never on
 * the answers that are the same for everyone (quotes, robots, sitemap) either. Changes sent
 * together before the first answer share the id the browser proposed (visitor-proposal.ts).
 */
export const visitorMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const existing = readVisitorId(request);
  const proposed = readProposedVisitorId(request);
  const visitorId = existing ?? proposed ?? randomUUID();
  context.set(visitorContext, visitorId);
  // Until someone signs in, the lists belong to the visitor.
  context.set(listOwnerContext, `visitor:${visitorId}`);
  const response = await next();
  const reads = request.method === "GET" || request.method === "HEAD";
  if (reads || isSharedPath(url.pathname)) return response;
  if (!existing) response.headers.append("Set-Cookie", visitorCookieHeader(visitorId));
  // Proposed by a page that could not see the visitor's cookie, or now carried by it: not needed again.
  if (proposed) response.headers.append("Set-Cookie", clearVisitorProposalHeader());
  return response;
};

/** Opens (on first use) and hands out the database; a failure here is an outage. */
export const databaseMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  context.set(databaseContext, await getDatabase());
  return next();
};

/**
 * Spec section 8: a server error is shown as 503 'Сервис временно недоступен'.
 * Unexpected errors (a database outage among them) render the error page with 503,
 * which also tells crawlers and proxies to come back rather than forget the page.
 * An /api call gets the same as the contract's JSON error instead of React Router's text.
 */
export const serviceUnavailableMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (response.status !== 500) return response;
  if (new URL(request.url).pathname.startsWith("/api/")) {
    await response.body?.cancel();
    return apiError(503, "unavailable", errorTexts.unavailableTitle, { "Retry-After": "30" });
  }
  const headers = new Headers(response.headers);
  headers.set("Retry-After", "30");
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
};

/** Hands the previous POST's notice to the loaders once, then clears the cookie. */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const flash = await readFlash(request);
  context.set(flashContext, flash);
  const response = await next();
  // A redirect may be setting a new notice; only clear when the page showed this one.
  if (flash && !setsCookie(response, FLASH_COOKIE)) {
    response.headers.append("Set-Cookie", await clearFlashHeader());
  }
  return response;
};
