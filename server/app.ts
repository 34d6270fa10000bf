// The shop's HTTP server: express, with the shop's edges in front of React Router. Vite bundles
// this file with the app into build/server/index.js (vite.config.ts), so the server and the
// request handlers share one copy of every module (the logger, the database, the settings);
// server.ts, the process entry, loads it from there.
import http from "node:http";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { createPageCache } from "#app/modules/request/page-cache.server.ts";
import { pageCacheState } from "#app/modules/request/page-state.server.ts";
import { securityHeaders } from "#app/modules/request/security-headers.ts";
import { checkHealth, serverSettings, startServices, stopServices } from "#app/modules/request/services.server.ts";
import { log } from "#app/modules/shared/log.server.ts";
import { projectRoot } from "#app/modules/shared/project-root.server.ts";
import { mayPostUpload } from "#app/modules/staff/upload-gate.server.ts";
import { deferredPartsReady } from "#app/ui/deferred-hydration.tsx";
import { accessLog } from "./access-log.ts";
import { createImageProxy } from "./image-proxy.ts";
import { createPageRequestReader } from "./page-request.ts";
import { allowedMethods, answerUnparsable, refusals, refuse } from "./refusals.ts";
import { sendResponse } from "./send-response.ts";
import { createStaticFiles } from "./static-files.ts";

export { serverSettings } from "#app/modules/request/services.server.ts";
export { log } from "#app/modules/shared/log.server.ts";
export { type ListeningMessage, superviseWorkers } from "./workers.ts";

export type ServerSettings = ReturnType<typeof serverSettings>;
export type RunningShop = { url: string; port: number; close(): Promise<void> };

declare global {
  namespace Express {
    interface Locals {
      /** The request's address, parsed once by the first middleware. */
      url: URL;
    }
  }
}

/** The methods the shop answers; anything else (TRACE, CONNECT, made-up ones) is 405. */
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Starts the services (database, quotes, the senders), then serves the shop on its port. */
export async function startShop(): Promise<RunningShop> {
  // No page part may stream in hidden on the first request.
  await Promise.all([startServices(), deferredPartsReady()]);
  const settings = serverSettings();
  let stopping = false;
  const app = createApp(settings, () => stopping);
  const server = http.createServer(withExpressPrototypes(app), app);
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

  async function close() {
    if (stopping) return;
    stopping = true;
    // Finish what is in flight, refuse new connections, then close the database.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timer = setTimeout(() => server.closeAllConnections(), settings.shutdownTimeoutMs);
    await closed;
    clearTimeout(timer);
    await stopServices();
  }
  return { url: `http://${shownHost}:${port}`, port, close };
}

/**
 * express gives each request and response its own prototype (`Object.setPrototypeOf` in
 * `app.handle`), which cost a page from the shared cache ~5 % of its CPU (decision 044). Node
 * creates them with those prototypes from the start instead, so express's swap changes nothing.
 */
function withExpressPrototypes(app: express.Express) {
  class ShopRequest extends http.IncomingMessage {}
  class ShopResponse extends http.ServerResponse<ShopRequest> {}
  Object.setPrototypeOf(ShopRequest.prototype, app.request);
  Object.setPrototypeOf(ShopResponse.prototype, app.response);
  Object.defineProperty(app, "request", { value: ShopRequest.prototype });
  Object.defineProperty(app, "response", { value: ShopResponse.prototype });
  return { IncomingMessage: ShopRequest, ServerResponse: ShopResponse } satisfies http.ServerOptions<typeof ShopRequest, typeof ShopResponse>;
}

function createApp(settings: ServerSettings, isStopping: () => boolean): express.Express {
  const root = projectRoot();
  const app = express();
  app.disable("x-powered-by");
  app.set("case sensitive routing", true);
  app.set("strict routing", true);

  const alwaysHeaders = Object.entries(securityHeaders(settings.publicUrl));
  app.use(accessLog);
  app.use(function edges(req: Request, res: Response, next: NextFunction) {
    for (const [name, value] of alwaysHeaders) res.setHeader(name, value);
    if (isStopping()) res.setHeader("Connection", "close");
    const url = requestTarget(req.url);
    if (!url) return refuse(req, res, "/", refusals.unreadable);
    // A NUL (%00): nobody types one, and PostgreSQL cannot compare text with it. No page has such
    // a path (404, as the pages answer it), and no form sends such a query (400).
    if (url.pathname.includes("%00")) return refuse(req, res, url.pathname, refusals.notFound);
    if (url.search.includes("%00")) return refuse(req, res, url.pathname, refusals.unreadable);
    if (!knownMethods.has(req.method)) return refuse(req, res, url.pathname, refusals.methodNotAllowed);
    // What follows sees the address as the URL parser normalised it ("/a/../b" is "/b").
    const target = url.pathname + url.search;
    if (req.url !== target) req.url = target;
    res.locals.url = url;
    next();
  });

  app.all("/healthz", async (_req, res) => {
    const healthy = !isStopping() && (await checkHealth().then(() => true, () => false));
    res.writeHead(healthy ? 200 : 503, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end(healthy ? "ok" : "unavailable");
  });
  app.use("/_ipx", createImageProxy({ imagesDir: settings.imagesDir, publicDir: path.join(root, "public"), remoteHost: settings.imageRemoteHost }));
  app.use(createStaticFiles(path.join(root, "build/client")));
  app.use(createPageHandler(settings));

  // A client that went away mid-request (a body cut off, a closed tab) is no server error.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.destroyed || (req.destroyed && !req.complete)) {
      res.destroy();
      return;
    }
    log.error("unhandled server error", { error });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" });
    res.end("Сервис временно недоступен");
  });
  return app;
}

/** Pages and /api: from the shared page cache (decision 025), or rendered by React Router. */
function createPageHandler(settings: ServerSettings) {
  const render = createRequestHandler(build, settings.isProduction ? "production" : "development");
  const readPageRequest = createPageRequestReader({ ...settings, mayPostUpload });
  const pageCache = createPageCache();
  return async function pages(req: Request, res: Response): Promise<void> {
    const { url } = res.locals;
    // One address per page: /about/ and /about are the same page.
    if ((req.method === "GET" || req.method === "HEAD") && url.pathname.length > 1 && url.pathname.endsWith("/")) {
      res.writeHead(301, { Location: url.pathname.replace(/\/+$/, "") + url.search });
      res.end();
      return;
    }
    // OPTIONS would run a page's loader like a GET (and GET /api/cart/clear changes the cart):
    // the shop answers it here, and allows no other site (no CORS headers).
    if (req.method === "OPTIONS") {
      res.writeHead(204, { Allow: allowedMethods, "Cache-Control": "no-store" });
      res.end();
      return;
    }
    const request = await readPageRequest(req, res, url.pathname);
    if (!request) return;
    const response = await pageCache.answer(req, res, request, render, pageCacheState);
    if (response) await sendResponse(req, res, response);
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
