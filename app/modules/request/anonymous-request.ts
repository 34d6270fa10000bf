/**
 * Whether a request carries nothing personal, so that the page it asks for is the same for
 * everyone and may be rendered once and shared (page-cache.server.ts):
 * a first visit, a crawler, a visitor who has only browsed. The shop issues its visitor
 * cookie on the visitor's first change (a POST), never on a GET, so such visitors keep
 * sending no cookie until they add something to a list or sign in.
 *
 * Anything that could make the page someone's own makes it personal: a session (buyer or
 * staff), the visitor cookie (lists, checkout draft), a one-time notice, a sign-in step, a
 * consent or analytics choice, an Authorization header, or any cookie the shop does not
 * know to be harmless (a cookie added later must not leak into shared pages by default).
 */
import { cookieNames } from "../shared/cookies.ts";
import { isPagePath } from "./cache-policy.ts";

/**
 * Cookies that never change what a page shows: Yandex Metrica's own identifiers, which its
 * script sets and reads in the browser (the server never reads them).
 */
const harmlessCookies: ReadonlySet<string> = new Set(["_ym_uid", "_ym_d", "_ym_isad", "_ym_visorc"]);

export type AnonymousRequestInput = {
  method: string;
  /** The request's path (React Router's `.data` requests are client navigations, never shared here). */
  pathname: string;
  /** A fetch Headers, or the page cache's view of a node request's headers. */
  headers: Pick<Headers, "has" | "get">;
};

/** True when the request is a GET or HEAD of a page that carries nothing personal (see the module comment). */
export function isAnonymousRequest({ method, pathname, headers }: AnonymousRequestInput): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (!isPagePath(pathname) || pathname.endsWith(".data")) return false;
  // A part of the page (Range) or a conditional on a date is answered by the full path as today.
  if (headers.has("range") || headers.has("if-range")) return false;
  if (headers.has("authorization")) return false;
  return cookieNames(headers.get("cookie")).every((name) => harmlessCookies.has(name));
}
