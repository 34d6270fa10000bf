// The requests most of the traffic is, answered before express sees them: the build's files and
// pages from the shared page cache. express's own work on a request (its prototype swap, router
// and the garbage they leave) was a tenth or more of such an answer's CPU (decision 044), so
// these take the plain node:http path; everything else, and these when not served here, go on
// to express (server/app.ts).
import type http from "node:http";
import { nodeCacheLookup, type PageCache, type PageState } from "#app/modules/request/page-cache.server.ts";
import { isImageProxyPath } from "./image-proxy.ts";
import { plainRequestOrigin } from "./page-request.ts";

export type HotPathOptions = {
  /** Answers a request for a file of the build (server/static-files.ts). */
  staticFile(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): boolean;
  pageCache: PageCache;
  pageState(): Promise<PageState>;
  trustProxy: boolean;
};

export function createHotPath({ staticFile, pageCache, pageState, trustProxy }: HotPathOptions) {
  /** Resolves true when it answered the request; false when express is to answer it. */
  return async function answer(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
    const { pathname } = url;
    if (pathname === "/healthz" || isImageProxyPath(pathname)) return false;
    if (staticFile(req, res, pathname)) return true;
    // Only reads of a page, and not the one address of a page that express redirects (/about/).
    if ((req.method !== "GET" && req.method !== "HEAD") || (pathname.length > 1 && pathname.endsWith("/"))) return false;
    // A kept page is looked up from the node request itself: a hit needs no fetch Request. An
    // address whose origin takes the fetch machinery to read (a Forwarded header, HTTP/2's
    // :authority) goes to express, which reads it and answers from the cache all the same.
    const origin = plainRequestOrigin(req, trustProxy);
    return origin !== undefined && pageCache.answerKept(req, res, nodeCacheLookup(req, origin), pageState);
  };
}
