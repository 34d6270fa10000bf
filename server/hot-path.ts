// The requests most of the traffic is, answered before express sees them: the build's files and
// pages from the shared page cache. express's own work on a request (its prototype swap, router
// and the garbage they leave) was a tenth or more of such an answer's CPU (decision 044), so
// these take the plain node:http path; everything else, and these when not served here, go on
// to express (server/app.ts).
import type http from "node:http";
import type { PageCache } from "#app/modules/request/page-cache.server.ts";
import { isImageProxyPath } from "./image-proxy.ts";

export type HotPathOptions = {
  /** Answers a request for a file of the build (server/static-files.ts). */
  staticFile(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): boolean;
  /** The fetch Request of a page request, or undefined when it was refused (server/page-request.ts). */
  readPageRequest(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<Request | undefined>;
  pageCache: PageCache;
  pageState(): Promise<string>;
};

export function createHotPath({ staticFile, readPageRequest, pageCache, pageState }: HotPathOptions) {
  // A page request read here and not answered, for express's page handler; keyed by the request
  // object, so an entry goes with its request.
  const readRequests = new WeakMap<http.IncomingMessage, Request>();

  /** Resolves true when it answered the request; false when express is to answer it. */
  async function answer(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
    const { pathname } = url;
    if (pathname === "/healthz" || isImageProxyPath(pathname)) return false;
    if (staticFile(req, res, pathname)) return true;
    // Only reads of a page, and not the one address of a page that express redirects (/about/).
    if ((req.method !== "GET" && req.method !== "HEAD") || (pathname.length > 1 && pathname.endsWith("/"))) return false;
    const request = await readPageRequest(req, res, pathname);
    if (!request) return true;
    if (await pageCache.answerKept(req, res, request, pageState)) return true;
    readRequests.set(req, request);
    return false;
  }

  return {
    answer,
    /** The page request answer() read and passed on, once. */
    takeReadRequest(req: http.IncomingMessage): Request | undefined {
      const request = readRequests.get(req);
      readRequests.delete(req);
      return request;
    },
  };
}
