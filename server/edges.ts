// What every request passes first, before the hot path and express: the security headers, and
// the refusals of an address or a method the shop never answers.
import type http from "node:http";
import { securityHeaders } from "#app/modules/request/security-headers.ts";
import { refusals, refuse } from "./refusals.ts";

/** The methods the shop answers; anything else (TRACE, CONNECT, made-up ones) is 405. */
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Returns the check: it sets the headers every answer carries and resolves the request's
 * address, or refuses the request (and returns undefined). What follows sees the address as
 * the URL parser normalised it ("/a/../b" is "/b"), in `req.url` too.
 */
export function createEdges(publicUrl: string, isStopping: () => boolean) {
  const alwaysHeaders = Object.entries(securityHeaders(publicUrl));
  return function passEdges(req: http.IncomingMessage, res: http.ServerResponse): URL | undefined {
    for (const [name, value] of alwaysHeaders) res.setHeader(name, value);
    if (isStopping()) res.setHeader("Connection", "close");
    const url = requestTarget(req.url);
    if (!url) return void refuse(req, res, "/", refusals.unreadable);
    // A NUL (%00): nobody types one, and PostgreSQL cannot compare text with it. No page has such
    // a path (404, as the pages answer it), and no form sends such a query (400).
    if (url.pathname.includes("%00")) return void refuse(req, res, url.pathname, refusals.notFound);
    if (url.search.includes("%00")) return void refuse(req, res, url.pathname, refusals.unreadable);
    if (!knownMethods.has(req.method ?? "")) return void refuse(req, res, url.pathname, refusals.methodNotAllowed);
    const target = url.pathname + url.search;
    if (req.url !== target) req.url = target;
    return url;
  };
}

/**
 * The request's address, or undefined for one that makes none: a target of just "//" reads as
 * an address with an empty host, which `new URL` refuses.
 */
function requestTarget(target = "/"): URL | undefined {
  try {
    return new URL(target, "http://localhost");
  } catch {
    return undefined;
  }
}
