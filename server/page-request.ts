// The fetch Request React Router gets: the client's address set, the client's own claims that
// the server decides removed, foreign form posts refused, and the body read whole within its limit.
import type http from "node:http";
import { createRequest } from "@remix-run/node-fetch-server";
import { SHARED_PAGE_HEADER } from "#app/modules/request/cache-policy.ts";
import { CLIENT_IP_HEADER } from "#app/modules/request/client-ip.server.ts";
import { createClientAddress, type ProxyTrust } from "#app/modules/config/proxy-trust.server.ts";
import { isShopFormPost } from "#app/modules/request/same-origin.server.ts";
import { readBodyWithin } from "#app/modules/shared/json-body.server.ts";
import { isApiPath, maxBodyBytes, refusals, refuse } from "./refusals.ts";

/** The back office's pages that post pictures, catalogue files and long texts. */
export type UploadPage = "/admin/catalog" | "/admin/content";

export type PageRequestOptions = {
  trustProxy: boolean;
  proxyTrust: ProxyTrust;
  /** The body limit of the upload pages (ADMIN_UPLOAD_MAX_KB). */
  adminUploadMaxBytes: number;
  /** Whether this post to an upload page comes from staff who may open it. */
  mayPostUpload(request: Request, page: UploadPage): Promise<boolean>;
  /** The body limit of a request to /1c_exchange: a file's piece for a live exchange, else `usual`. */
  exchangeBodyLimit(request: Request, usual: number): Promise<number>;
};

const mutationMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The CommerceML exchange with 1C (app/modules/exchange): server to server, its body limit its own. */
const exchangePath = "/1c_exchange";

/**
 * Resolves the request to hand to the app, or undefined when it was refused here (400, 403, 413).
 * The session is checked before a byte of the body is read: only staff who may open an upload
 * page get its larger limit, a live 1C exchange its file limit, everyone else maxBodyBytes.
 */
export function createPageRequestReader({ trustProxy, proxyTrust, adminUploadMaxBytes, mayPostUpload, exchangeBodyLimit }: PageRequestOptions) {
  const clientAddress = createClientAddress(proxyTrust);
  return async function readPageRequest(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<Request | undefined> {
    // The app rate-limits by client address; never trust a value the client sent.
    req.headers[CLIENT_IP_HEADER] = clientAddress(req);
    // Only the page cache says a page is shared; a client saying so is not believed.
    delete req.headers[SHARED_PAGE_HEADER];
    // Behind a trusted proxy the request's scheme and host are the ones the browser used,
    // so that its Origin matches them (React Router refuses actions otherwise).
    const received = toFetchRequest(req, res, trustProxy);
    if (!received) {
      refuse(req, res, pathname, refusals.unreadable);
      return undefined;
    }
    if (isForeignFormPost(received, pathname)) {
      await received.body?.cancel().catch(() => undefined);
      refuse(req, res, pathname, refusals.foreignForm, false);
      return undefined;
    }
    const uploadPage = uploadPageOf(received.method, pathname);
    const limit =
      uploadPage && (await mayPostUpload(received, uploadPage))
        ? Math.max(adminUploadMaxBytes, maxBodyBytes)
        : pathname === exchangePath
          ? await exchangeBodyLimit(received, maxBodyBytes)
          : maxBodyBytes;
    const body = await readBodyWithin(received, limit);
    if (!body) {
      refuse(req, res, pathname, refusals.tooLarge);
      return undefined;
    }
    return received.body ? new Request(received.url, { method: received.method, headers: received.headers, body, signal: received.signal }) : received;
  };
}

function uploadPageOf(method: string, pathname: string): UploadPage | undefined {
  if (method !== "POST") return undefined;
  return /^(\/admin\/(?:catalog|content))(?:\/|$)/.exec(pathname)?.[1] as UploadPage | undefined;
}

/**
 * A form posted from another site, or by something that says nowhere where it comes from
 * (isShopFormPost). React Router refuses a foreign Origin with a bare 'Bad Request', and a
 * missing one not at all; the shop refuses both first, with a Russian page. /api calls
 * check the origin themselves (and answer JSON).
 */
function isForeignFormPost(request: Request, pathname: string): boolean {
  // 1C posts its files from its own server, with no Origin: the exchange checks its session instead.
  if (!mutationMethods.has(request.method) || isApiPath(pathname) || pathname === exchangePath) return false;
  return !isShopFormPost(request);
}

/**
 * The origin the fetch Request of this request would have (createRequest of
 * @remix-run/node-fetch-server), read straight from its headers when that is plain: a Host, and
 * behind a trusted proxy one X-Forwarded-Proto and one X-Forwarded-Host. Undefined for anything
 * else (a Forwarded header, HTTP/2's :authority, lists, quotes, a target that is not a path, an
 * address that makes no URL), which the caller reads the full way.
 */
export function plainRequestOrigin(req: http.IncomingMessage, trustProxy: boolean): string | undefined {
  const { headers } = req;
  if (headers[":authority"] !== undefined || !req.url?.startsWith("/")) return undefined;
  let protocol = "encrypted" in req.socket && req.socket.encrypted ? "https:" : "http:";
  let host = headers.host;
  if (trustProxy) {
    if (headers.forwarded !== undefined) return undefined;
    const forwardedProto = headers["x-forwarded-proto"];
    if (forwardedProto !== undefined) {
      const plain = typeof forwardedProto === "string" && /^\s*(https?)\s*$/i.exec(forwardedProto);
      if (!plain) return undefined;
      protocol = `${plain[1]!.toLowerCase()}:`;
    }
    const forwardedHost = headers["x-forwarded-host"];
    if (forwardedHost !== undefined) {
      if (typeof forwardedHost !== "string") return undefined;
      host = forwardedHost.trim();
    }
  }
  // A name or address with a port, nothing that could end the authority part of a URL.
  if (!host || !/^[A-Za-z0-9.\-[\]:]+$/.test(host)) return undefined;
  const origin = URL.parse(`${protocol}//${host}`)?.origin;
  return origin && origin !== "null" ? origin : undefined;
}

/**
 * The fetch Request of a node request; undefined when its Host (or, behind a trusted
 * proxy, X-Forwarded-Host/-Proto) makes no URL ("Host: a b").
 */
function toFetchRequest(req: http.IncomingMessage, res: http.ServerResponse, trustProxy: boolean): Request | undefined {
  try {
    return createRequest(req, res, { trustProxy });
  } catch {
    return undefined;
  }
}
