// The shop's production HTTP server (node:http): static assets, the /_ipx image proxy,
// /healthz and the React Router request handler, with gzip/brotli and a graceful stop.
// Run by `npm start` on Node 24 (type stripping); the build must exist (scripts/start.ts).
import cluster from "node:cluster";
import http from "node:http";
import { hostname } from "node:os";
import path from "node:path";
import type { Duplex } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { createRequest } from "@remix-run/node-fetch-server";
import { createIPX, ipxFSStorage, ipxHttpStorage } from "ipx";
import { createRequestHandler, type ServerBuild } from "react-router";
import sirv from "sirv";
import { imageMaxAgeSeconds, parseIpxPath } from "./app/modules/images/image-url.ts";
import { type Encoding, pickEncoding, STREAMED_ENCODINGS } from "./app/modules/request/accept-encoding.ts";
import { SHARED_PAGE_HEADER } from "./app/modules/request/cache-policy.ts";
import { createPageCache } from "./app/modules/request/page-cache.server.ts";
import { createClientAddress, type ProxyTrust } from "./app/modules/config/proxy-trust.server.ts";
import { isShopFormPost } from "./app/modules/request/same-origin.server.ts";
import { contentSecurityPolicy, securityHeaders } from "./app/modules/request/security-headers.ts";
import { superviseWorkers, type ListeningMessage } from "./app/modules/request/worker-cluster.server.ts";
import { errorTexts } from "./app/modules/shared/error-view.ts";
import { etagOf } from "./app/modules/shared/etag.server.ts";
import { log, type LogLevel, logs, setLogLevel } from "./app/modules/shared/log.server.ts";
import { createMemoryCache } from "./app/modules/shared/memory-cache.ts";
import { createWorkGate } from "./app/modules/shared/work-gate.ts";
import { readBodyWithin, tooLargeMessage } from "./app/modules/shared/json-body.server.ts";

type Services = {
  startServices(): Promise<void>;
  stopServices(): Promise<void>;
  checkHealth(): Promise<void>;
  /** What shared pages show besides their address (the page cache's key). */
  pageCacheState(): Promise<string>;
  /** Whether this post to /admin/catalog or /admin/content comes from staff who may open the page (the larger body limit). */
  mayPostUpload(request: Request, page: "/admin/catalog" | "/admin/content"): Promise<boolean>;
  /** The body limit of a request to /1c_exchange: a file's piece for a live exchange, else `usual`. */
  exchangeBodyLimit(request: Request, usual: number): Promise<number>;
  serverSettings(): {
    host: string;
    port: number;
    shutdownTimeoutMs: number;
    /** Server processes sharing the port (WEB_CONCURRENCY). */
    webConcurrency: number;
    isProduction: boolean;
    trustProxy: boolean;
    proxyTrust: ProxyTrust;
    publicUrl: string;
    /** $DATA_DIR/images: the generated and uploaded pictures. */
    imagesDir: string;
    /** The one host /_ipx may fetch from (IMAGE_REMOTE_HOST), if any. */
    imageRemoteHost: string | undefined;
    /** The body limit of the back office's upload forms (ADMIN_UPLOAD_MAX_KB). */
    adminUploadMaxBytes: number;
    /** LOG_LEVEL, validated: this file's logger is its own copy of log.server.ts. */
    logLevel: LogLevel;
  };
};

const root = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(root, "build/client");
const publicDir = path.join(root, "public");

/** The methods the shop answers; anything else (TRACE, CONNECT, made-up ones) is 405 here. */
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Text responses worth compressing; images and fonts are compressed already. */
const compressible = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/;

export type RunningServer = { url: string; port: number; close(): Promise<void> };

export async function startServer(): Promise<RunningServer> {
  const build = await loadBuild();
  const services = build.entry.module as unknown as Services;
  await services.startServices();
  const settings = services.serverSettings();
  setLogLevel(settings.logLevel);

  const handleDocument = createRequestHandler(build, settings.isProduction ? "production" : "development");
  const serveImage = createImageServer({ imagesDir: settings.imagesDir, publicDir, remoteHost: settings.imageRemoteHost });
  const serveStatic = createStaticServer();
  const clientAddress = createClientAddress(settings.proxyTrust);
  const alwaysHeaders = Object.entries(securityHeaders(settings.publicUrl));
  // Pages for requests that carry nothing personal: rendered once, shared (decision 025).
  const pageCache = createPageCache();

  let stopping = false;

  const server = http.createServer(async (req, res) => {
    if (logs("info")) logAccess(req, res);
    try {
      for (const [name, value] of alwaysHeaders) res.setHeader(name, value);
      const url = requestTarget(req.url);
      if (stopping) res.setHeader("Connection", "close");
      if (!url) {
        refuseUnreadable(req, res, "/");
        return;
      }
      // A NUL (%00) in the address: nobody types one, and PostgreSQL cannot compare text with it (a
      // back-office search or an order's number with one was a 503 and a stack trace). No page has
      // such a path (404, as the pages answered it), and no form sends such a query (400).
      if (url.pathname.includes("%00")) {
        refuse(req, res, url.pathname, 404, "not_found", errorTexts.notFoundTitle, errorTexts.notFoundMessage);
        return;
      }
      if (url.search.includes("%00")) {
        refuseUnreadable(req, res, url.pathname);
        return;
      }

      if (!knownMethods.has(req.method ?? "")) {
        refuse(req, res, url.pathname, 405, "method_not_allowed", "Метод не поддерживается", "Магазин не принимает такие запросы.", {
          Allow: "GET, HEAD, POST, PATCH, DELETE, OPTIONS",
        });
        return;
      }

      if (url.pathname === "/healthz") {
        const healthy =
          !stopping &&
          (await services.checkHealth().then(
            () => true,
            () => false,
          ));
        res.writeHead(healthy ? 200 : 503, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
        res.end(healthy ? "ok" : "unavailable");
        return;
      }

      if (url.pathname === "/_ipx" || url.pathname.startsWith("/_ipx/")) {
        await serveImage(req, res, url.pathname.slice("/_ipx".length));
        return;
      }

      if ((req.method === "GET" || req.method === "HEAD") && (await serveStatic(req, res))) return;
      // A hashed asset that is not there (an old page after a deploy) is a plain 404, not a page lookup.
      if (url.pathname.startsWith("/assets/")) {
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
        res.end("Not found");
        return;
      }

      // One address per page: /about/ and /about are the same page.
      if ((req.method === "GET" || req.method === "HEAD") && url.pathname.length > 1 && url.pathname.endsWith("/")) {
        res.writeHead(301, { Location: url.pathname.replace(/\/+$/, "") + url.search });
        res.end();
        return;
      }

      // OPTIONS would run a page's loader like a GET (and GET /api/cart/clear changes the cart):
      // the shop answers it here, and allows no other site (no CORS headers).
      if (req.method === "OPTIONS") {
        res.writeHead(204, { Allow: "GET, HEAD, POST, PATCH, DELETE, OPTIONS", "Cache-Control": "no-store" });
        res.end();
        return;
      }

      // The app rate-limits by client address; never trust a value the client sent.
      req.headers[CLIENT_IP_HEADER] = clientAddress(req);
      // Only the page cache says a page is shared; a client saying so is not believed.
      delete req.headers[SHARED_PAGE_HEADER];
      // Behind a trusted proxy the request's scheme and host are the ones the browser used,
      // so that its Origin matches them (React Router refuses actions otherwise).
      const received = toFetchRequest(req, res, settings.trustProxy);
      if (!received) {
        refuseUnreadable(req, res, url.pathname);
        return;
      }
      if (isForeignFormPost(received, url.pathname)) {
        await received.body?.cancel().catch(() => undefined);
        sendRefusal(res, 403, foreignFormPage, false);
        dropRestOfBody(req);
        return;
      }
      const uploadPage = uploadPageOf(received.method, url.pathname);
      // The session is checked before a byte of the body is read: anyone else gets the small limit.
      const limit =
        uploadPage && (await services.mayPostUpload(received, uploadPage))
          ? Math.max(settings.adminUploadMaxBytes, maxBodyBytes)
          : url.pathname === exchangePath
            ? await services.exchangeBodyLimit(received, maxBodyBytes)
            : maxBodyBytes;
      const body = await readBodyWithin(received, limit);
      if (!body) {
        refuseTooLarge(req, res, url.pathname);
        return;
      }
      const request = received.body
        ? new Request(received.url, { method: received.method, headers: received.headers, body, signal: received.signal })
        : received;
      const response = await pageCache.answer(req, res, request, handleDocument, services.pageCacheState);
      if (response) await sendResponse(req, res, response);
    } catch (error) {
      // A client that went away mid-request (a body cut off, a closed tab) is no server error.
      if (res.destroyed || (req.destroyed && !req.complete)) {
        res.destroy();
        return;
      }
      log.error("unhandled server error", { error });
      if (!res.headersSent) {
        res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" });
        res.end("Сервис временно недоступен");
      } else {
        res.destroy();
      }
    }
  });

  // Slow phones keep connections open; allow a little longer than the default between requests.
  server.keepAliveTimeout = 65_000;
  server.on("clientError", answerUnparsable);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : settings.port;
  const shownHost = settings.host === "0.0.0.0" || settings.host === "::" ? "localhost" : settings.host;
  const url = `http://${shownHost}:${port}`;

  async function close() {
    if (stopping) return;
    stopping = true;
    // Finish what is in flight, refuse new connections, then close the database.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timer = setTimeout(() => server.closeAllConnections(), settings.shutdownTimeoutMs);
    await closed;
    clearTimeout(timer);
    await services.stopServices();
  }

  return { url, port, close };
}

const CLIENT_IP_HEADER = "x-shop-client-ip";

/** This process among the shop's instances and server processes, in the access log. */
const instance = `${hostname()}:${process.pid}`;

/**
 * One access-log line per request, at info, when the answer is done (or the client gone):
 * method, path, status, milliseconds and instance. The path only: a query string may carry
 * a search or a phone number, which the log has no business keeping.
 */
function logAccess(req: http.IncomingMessage, res: http.ServerResponse) {
  const started = performance.now();
  res.once("close", () => {
    const path = (req.url ?? "/").split("?", 1)[0]!.slice(0, 300);
    log.info("request", {
      method: req.method,
      path,
      status: res.statusCode,
      ms: Math.round(performance.now() - started),
      instance,
      ...(res.writableFinished ? {} : { aborted: true }),
    });
  });
}

/**
 * The largest request body the shop reads. Its forms and /api calls carry a few kilobytes;
 * a bigger body is refused (413) here, before the app parses it into memory.
 */
export const maxBodyBytes = 64 * 1024;

/**
 * The back office's catalogue and content pages post pictures, catalogue files and long texts: their
 * bodies may reach ADMIN_UPLOAD_MAX_KB (still read whole and bounded before parsing), for staff whose
 * session may open the page (checked before the body is read). Everything else: maxBodyBytes.
 */
function uploadPageOf(method: string, pathname: string): "/admin/catalog" | "/admin/content" | undefined {
  if (method !== "POST") return undefined;
  return /^(\/admin\/(?:catalog|content))(?:\/|$)/.exec(pathname)?.[1] as "/admin/catalog" | "/admin/content" | undefined;
}
/** After a 413, this much more of the refused body is read and dropped, so the client can read the answer. */
const maxDrainBytes = 8 * 1024 * 1024;

/** The CommerceML exchange with 1C (app/modules/exchange): server to server, its body limit its own. */
const exchangePath = "/1c_exchange";

const mutationMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

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
 * The request's address, or undefined for one that makes none: a target of just "//" reads as
 * an address with an empty host, which `new URL` refuses (it was a 503 and an error in the log).
 */
function requestTarget(target = "/"): URL | undefined {
  try {
    return new URL(target, "http://localhost");
  } catch {
    return undefined;
  }
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

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** A short Russian page for refusals answered here, before the app (which renders its own). */
function refusalPage(title: string, text: string): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head>
<body><h1>${title}</h1><p>${text}</p><p><a href="/">Перейти на главную</a></p></body></html>
`;
}

const unreadableText = "Браузер отправил запрос, который магазин не может прочитать.";
const tooLargePage = refusalPage(
  tooLargeMessage,
  `Форма содержит больше данных, чем принимает магазин (до ${maxBodyBytes / 1024} КБ). Вернитесь назад и сократите текст.`,
);
const foreignFormPage = refusalPage("Запрос отклонён", "Эту форму можно отправить только со страниц магазина. Откройте страницу магазина заново и повторите.");

function sendRefusal(res: http.ServerResponse, status: number, body: string, api: boolean) {
  res.writeHead(status, {
    "Content-Type": api ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(body);
}

/** A refusal answered here: the /api error object, or a short Russian page. */
function refuse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  pathname: string,
  status: number,
  code: string,
  title: string,
  text: string,
  headers: http.OutgoingHttpHeaders = {},
) {
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
  const api = isApiPath(pathname);
  sendRefusal(res, status, api ? JSON.stringify({ error: { code, message: title } }) : refusalPage(title, text), api);
  dropRestOfBody(req);
}

/** 413: a short Russian page, or the /api error object. */
/** 400 for a request whose address or Host makes no URL. */
function refuseUnreadable(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
  refuse(req, res, pathname, 400, "bad_request", "Неверный запрос", unreadableText);
}

function refuseTooLarge(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
  const api = isApiPath(pathname);
  sendRefusal(res, 413, api ? JSON.stringify({ error: { code: "too_large", message: tooLargeMessage } }) : tooLargePage, api);
  dropRestOfBody(req);
}

/**
 * Reads (and drops) what the client is still sending after a refusal, so it is not cut
 * off mid-upload before it reads the answer; past maxDrainBytes the connection is closed.
 */
function dropRestOfBody(req: http.IncomingMessage) {
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > maxDrainBytes) req.socket.destroy();
  });
  req.resume();
}

/**
 * A request Node could not even parse (headers too long, broken syntax): Node's own answer
 * has no text; this one says it in Russian.
 */
function answerUnparsable(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const title = status === 431 ? "Слишком длинный запрос" : "Неверный запрос";
  // An /api call gets the contract's JSON error, as every other refusal of it.
  const api = isApiRequestLine((error as { rawPacket?: unknown }).rawPacket);
  const body = api
    ? JSON.stringify({ error: { code: status === 431 ? "headers_too_large" : status === 408 ? "timeout" : "bad_request", message: title } })
    : refusalPage(title, status === 431 ? "Адрес страницы или заголовки запроса слишком длинные." : unreadableText);
  const type = api ? "application/json; charset=utf-8" : "text/html; charset=utf-8";
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${rawSecurityHeaders}Connection: close\r\n\r\n${body}`,
  );
}

/** The security headers that need no setting (HSTS needs PUBLIC_URL), for answers written to the socket by hand. */
const rawSecurityHeaders = Object.entries(securityHeaders(""))
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join("");

/** Whether the bytes Node could not parse start with a request line for /api ("POST /api/cart HTTP/1.1"). */
function isApiRequestLine(rawPacket: unknown): boolean {
  if (!Buffer.isBuffer(rawPacket)) return false;
  const target = /^[A-Z]+ (\S+)/.exec(rawPacket.toString("latin1", 0, 256))?.[1];
  return target !== undefined && isApiPath(target.split("?")[0]!);
}

type ImageServerOptions = { imagesDir: string; publicDir: string; remoteHost: string | undefined };
type ImageVariant = { body: Buffer; type: string; etag: string; mtime: number | undefined };

/** Processed pictures kept in memory, least recently used out first: at most this many bytes and entries. */
const imageCacheBytes = 64 * 1024 * 1024;
const imageCacheEntries = 4_000;
/**
 * Encodes at a time, and waiting behind them: a big avif takes a core for seconds, and a
 * page's thumbnails must not wait behind a queue nobody can see the end of. Past the
 * queue the answer is 503 with Retry-After (the browser tries the picture again).
 */
const imageEncodes = { concurrency: 2, queue: 16 };
const remoteImageTimeoutMs = 10_000;

/**
 * The image proxy of spec section 7 (/_ipx/{modifiers}/{source}, ipx with sharp): sources
 * from the images folder, then public/, and only with IMAGE_REMOTE_HOST absolute
 * http(s) URLs on that one host. The address is checked before ipx sees it
 * (parseIpxPath): unknown modifiers, bad values, other hosts and ways out of the folders
 * are 4xx and never reach the disk or the network. Every picture may be cached for a
 * year (spec section 9).
 */
function createImageServer({ imagesDir, publicDir, remoteHost }: ImageServerOptions) {
  const ipx = createIPX({
    storage: ipxFSStorage({ dir: [imagesDir, publicDir] }),
    httpStorage: remoteHost
      ? ipxHttpStorage({
          domains: [remoteHost],
          // ofetch's options: one try, a time limit, and no redirect that could lead to another host.
          fetchOptions: { timeout: remoteImageTimeoutMs, retry: 0, redirect: "error" } as RequestInit,
        })
      : undefined,
    maxAge: imageMaxAgeSeconds,
    // An SVG asked for without a format is passed through as it is (served with a CSP that forbids scripts).
    svgo: false,
  });
  // The shop's one memory cache: concurrent requests for one picture share one encode.
  const cache = createMemoryCache<ImageVariant>({
    maxEntries: imageCacheEntries,
    maxBytes: imageCacheBytes,
    // One huge picture must not push out a page's worth of thumbnails.
    maxEntryBytes: imageCacheBytes / 8,
    bytesOf: (variant) => variant.body.length,
  });
  const encodes = createWorkGate(imageEncodes);

  const fail = (res: http.ServerResponse, status: number, code: string, message: string, headers: http.OutgoingHttpHeaders = {}) => {
    const body = JSON.stringify({ error: { code, message } });
    res.writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    });
    res.end(body);
  };

  return async function serveImage(req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") {
      fail(res, 405, "method_not_allowed", "Метод не поддерживается", { Allow: "GET, HEAD" });
      return;
    }
    const parsed = parseIpxPath(path, { remoteHost });
    if (!parsed.ok) {
      fail(res, parsed.status, parsed.code, parsed.message);
      return;
    }
    try {
      const image = ipx(parsed.id, parsed.modifiers);
      const source = await image.getSourceMeta();
      const mtime = source.mtime ? Math.floor(source.mtime.getTime() / 1000) * 1000 : undefined;
      const ifModifiedSince = req.headers["if-modified-since"];
      if (mtime !== undefined && ifModifiedSince && Date.parse(ifModifiedSince) >= mtime) {
        res.writeHead(304, { "Cache-Control": `public, max-age=${imageMaxAgeSeconds}`, "Last-Modified": new Date(mtime).toUTCString() });
        res.end();
        return;
      }

      const encode = async (): Promise<ImageVariant | undefined> => {
        const processed = await encodes.run(() => image.process());
        if (!processed) return undefined;
        const { data, format } = processed.value;
        const body = Buffer.isBuffer(data) ? data : Buffer.from(data);
        return { body, type: `image/${format ?? "jpeg"}`, etag: etagOf(body), mtime };
      };
      // A source changed on disk (its mtime) is another key; the old variants age out. A remote one is not kept.
      const key = `${parsed.id}\n${mtime}\n${Object.entries(parsed.modifiers)
        .sort()
        .map(([name, value]) => `${name}=${value}`)
        .join(",")}`;
      const variant = parsed.remote ? await encode() : await cache.get(key, encode);
      if (!variant) {
        fail(res, 503, "busy", "Сервер занят изображениями, повторите через несколько секунд", { "Retry-After": "5" });
        return;
      }

      const headers: http.OutgoingHttpHeaders = {
        "Content-Type": variant.type,
        "Cache-Control": `public, max-age=${imageMaxAgeSeconds}`,
        ETag: variant.etag,
        // A picture (an SVG among them) runs nothing and loads nothing.
        "Content-Security-Policy": `${contentSecurityPolicy}; default-src 'none'`,
        "X-Content-Type-Options": "nosniff",
      };
      if (mtime !== undefined) headers["Last-Modified"] = new Date(mtime).toUTCString();
      if (req.headers["if-none-match"] === variant.etag) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
      headers["Content-Length"] = variant.body.length;
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : variant.body);
    } catch (error) {
      const { status, code, message } = imageFailure(error, parsed.remote);
      if (status >= 500) log.error("image proxy: failed", { source: parsed.id, error });
      else if (status === 422) log.warn("image proxy: cannot process", { source: parsed.id, error: String(error) });
      if (!res.headersSent) fail(res, status, code, message);
      else res.destroy();
    }
  };
}

/**
 * What went wrong with a picture, as an answer: the remote host's trouble as 404, 504 or
 * 502; ipx's own refusals (not found, forbidden path, not an image) as they are; a source
 * sharp cannot convert as 422.
 */
function imageFailure(error: unknown, remote: boolean): { status: number; code: string; message: string } {
  const details = (error ?? {}) as { statusCode?: unknown; name?: unknown; message?: unknown };
  const status = typeof details.statusCode === "number" ? details.statusCode : undefined;
  if (remote && details.name === "FetchError") {
    if (status === 404 || status === 410) return { status: 404, code: "not_found", message: "Изображение не найдено" };
    if (/timeout/i.test(String(details.message))) return { status: 504, code: "remote_timeout", message: "Источник изображения не ответил вовремя" };
    return { status: 502, code: "remote_failed", message: "Источник изображения недоступен" };
  }
  if (status === 404) return { status: 404, code: "not_found", message: "Изображение не найдено" };
  if (status === 403) return { status: 403, code: "forbidden_source", message: "Источник не разрешён" };
  if (status !== undefined && status >= 400 && status < 500) return { status, code: "bad_image", message: "Изображение не читается" };
  // Sharp could not decode or convert the source: the picture is at fault, not the request.
  return { status: 422, code: "bad_image", message: "Изображение не читается" };
}

/** Text files' types with their charset (sirv names the type alone). */
const textTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
};

/**
 * The client build's files (public/ is copied into it) through sirv: the folder is listed
 * once at start, so a request for a file that is not there costs a lookup and keeps
 * nothing; the .br and .gz copies the build wrote (scripts/precompress.ts) are sent as
 * they are. Hashed /assets/ are cached by browsers for a year, the rest for an hour.
 * Resolves false when there is no such file.
 */
function createStaticServer() {
  const serve = sirv(clientDir, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    extensions: [],
    setHeaders(res, pathname) {
      res.setHeader("Cache-Control", pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      const textType = textTypes[path.extname(pathname).toLowerCase()];
      if (textType) res.setHeader("Content-Type", textType);
    },
  });
  return (req: http.IncomingMessage, res: http.ServerResponse) =>
    new Promise<boolean>((resolve) => {
      // The shop's files are small: whole files only (sirv would pass a reversed range to the file stream).
      delete req.headers.range;
      serve(req, res, () => resolve(false));
      if (res.headersSent) resolve(true);
    });
}

/**
 * Writes a fetch Response to node, compressing text on the fly. The compressor is
 * flushed whenever the page stream pauses, so streamed HTML reaches slow phones in
 * pieces rather than when the whole page is done.
 */
async function sendResponse(req: http.IncomingMessage, res: http.ServerResponse, response: Response) {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    headers[name] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;

  const type = response.headers.get("Content-Type") ?? "";
  const encoding =
    response.body && !response.headers.has("Content-Encoding") && compressible.test(type)
      ? pickEncoding(req.headers["accept-encoding"], STREAMED_ENCODINGS)
      : undefined;
  if (encoding) {
    delete headers["content-length"];
    headers["content-encoding"] = encoding;
    headers.vary = response.headers.has("Vary") ? `${response.headers.get("Vary")}, Accept-Encoding` : "Accept-Encoding";
  }
  res.writeHead(response.status, response.statusText || undefined, headers);

  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.once("close", () => {
    if (!res.writableFinished) reader.cancel().catch(() => undefined);
  });

  const target: NodeJS.WritableStream & { flush?: () => void } = encoding ? streamCompressor(encoding) : res;
  const piped = encoding ? pipeline(target as zlib.Gzip, res).catch(() => undefined) : undefined;

  let flushTimer: NodeJS.Immediate | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!target.write(value)) await new Promise((resolve) => target.once("drain", resolve));
      if (target.flush) {
        clearImmediate(flushTimer);
        flushTimer = setImmediate(() => target.flush?.());
      }
    }
  } catch {
    // The client went away or the page stream failed after the headers: nothing more to send.
  } finally {
    clearImmediate(flushTimer);
    target.end();
    await piped;
  }
}

/**
 * A compressor for a response compressed as it streams (a /catalog page of 150 KB: zstd 3 takes
 * 0.33 ms for 21.8 KB; brotli 5, for Safari, 1.9 ms for 19.0 KB; gzip 4, for clients that offer
 * neither, 1.0 ms for 24.2 KB, where gzip 6 took 1.6 ms for 22.9 KB):
 * docs/decisions/041-compression-by-measurement.md.
 */
function streamCompressor(encoding: Encoding): zlib.ZstdCompress | zlib.BrotliCompress | zlib.Gzip {
  switch (encoding) {
    case "zstd":
      return zlib.createZstdCompress({ params: { [zlib.constants.ZSTD_c_compressionLevel]: 3 } });
    case "br":
      return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    case "gzip":
      return zlib.createGzip({ level: 4 });
  }
}

function loadBuild(): Promise<ServerBuild> {
  return import(path.join(root, "build/server/index.js")) as Promise<ServerBuild>;
}

/** On the terminal whatever LOG_LEVEL says: the settings that would name a level may be what is wrong. */
function failToStart(error: unknown): never {
  if (error instanceof Error && error.name === "ConfigError") {
    console.error(error.message);
  } else {
    console.error("Не удалось запустить магазин:", error);
  }
  process.exit(1);
}

/**
 * Starts the server and stops it gracefully on SIGTERM/SIGINT; the process exits when done.
 * With WEB_CONCURRENCY > 1 this process only supervises that many server processes.
 */
export async function main(): Promise<void> {
  if (cluster.isPrimary) {
    let settings: ReturnType<Services["serverSettings"]>;
    try {
      settings = ((await loadBuild()).entry.module as unknown as Services).serverSettings();
    } catch (error) {
      failToStart(error);
    }
    setLogLevel(settings.logLevel);
    if (settings.webConcurrency > 1) {
      superviseWorkers({
        workers: settings.webConcurrency,
        shutdownTimeoutMs: settings.shutdownTimeoutMs,
        onListening: (url) => console.log(`Магазин работает: ${url} (процессов: ${settings.webConcurrency})`),
        exit: (code) => process.exit(code),
      });
      return;
    }
  }

  let running: RunningServer;
  try {
    running = await startServer();
  } catch (error) {
    failToStart(error);
  }
  if (cluster.isWorker) {
    process.send?.({ type: "shop:listening", url: running.url } satisfies ListeningMessage);
  } else {
    // On the terminal whatever LOG_LEVEL says: the operator (and the test suites) wait for this line.
    console.log(`Магазин работает: ${running.url}`);
  }
  let signalled = false;
  const stop = (signal: string) => {
    if (signalled) return;
    signalled = true;
    if (!cluster.isWorker) log.info(`${signal}: завершаю запросы и останавливаюсь`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error("ошибка при остановке", { error });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
