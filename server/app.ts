// The shop's HTTP server: a node:http listener that answers the hottest requests itself (the
// build's files, pages from the shared page cache: server/hot-path.ts) and gives the rest to
// express, with the shop's edges in front of both. Vite bundles this file with the app into
// build/server/index.js (vite.config.ts), so the server and the request handlers share one copy
// of every module (the logger, the database, the settings); server.ts, the process entry, loads
// it from there.
import http from "node:http";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { createPageCache, type PageCache } from "#app/modules/request/page-cache.server.ts";
import { pageCacheState } from "#app/modules/app-services/page-state.server.ts";
import { checkHealth, serverSettings, startServices, stopServices } from "#app/modules/app-services/services.server.ts";
import { projectRoot } from "#app/modules/shared/project-root.server.ts";
import { firstInLineForConnections } from "#app/modules/db/turns.server.ts";
import { mayPostUpload } from "#app/modules/staff/upload-gate.server.ts";
import { exchangeBodyLimit } from "#app/modules/exchange/upload-gate.server.ts";
import { deferredPartsReady } from "#app/ui/deferred-hydration.tsx";
import { logAccess } from "./access-log.ts";
import { createEdges } from "./edges.ts";
import { createHotPath } from "./hot-path.ts";
import { createImageProxy, imageProxyMount } from "./image-proxy.ts";
import { createPageRequestReader } from "./page-request.ts";
import { allowedMethods, answerFailure, answerUnparsable } from "./refusals.ts";
import { sendResponse } from "./send-response.ts";
import { createStaticFiles } from "./static-files.ts";

export { serverSettings } from "#app/modules/app-services/services.server.ts";
export { log } from "#app/modules/shared/log.server.ts";
export { type ListeningMessage, superviseWorkers } from "./workers.ts";

export type ServerSettings = ReturnType<typeof serverSettings>;
export type RunningShop = { url: string; port: number; close(): Promise<void> };

/** Starts the services (database, quotes, the senders), then serves the shop on its port. */
export async function startShop(): Promise<RunningShop> {
  // No page part may stream in hidden on the first request.
  await Promise.all([startServices(), deferredPartsReady()]);
  const settings = serverSettings();
  let stopping = false;
  const server = http.createServer(createListener(settings, () => stopping));
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

/** Every request: the access log, the edges, then the hot path, else express. */
function createListener(settings: ServerSettings, isStopping: () => boolean): http.RequestListener {
  const root = projectRoot();
  const passEdges = createEdges(settings.publicUrl, isStopping);
  // A kept page's render serves hundreds of visitors: its queries go first for a connection.
  const pageCache = createPageCache({ aroundRender: firstInLineForConnections });
  const readPageRequest = createPageRequestReader({ ...settings, mayPostUpload, exchangeBodyLimit });
  const answerHot = createHotPath({
    staticFile: createStaticFiles(path.join(root, "build/client")),
    pageCache,
    pageState: pageCacheState,
    trustProxy: settings.trustProxy,
  });
  const app = createApp(settings, isStopping, { pageCache, readPageRequest });
  return (req, res) => {
    logAccess(req, res);
    const url = passEdges(req, res);
    if (!url) return;
    answerHot(req, res, url).then(
      (answered) => {
        if (!answered) app(req, res);
      },
      (error: unknown) => answerFailure(error, req, res),
    );
  };
}

type PageOptions = { pageCache: PageCache; readPageRequest: ReturnType<typeof createPageRequestReader> };

/** What the hot path leaves: /healthz, the image proxy, and pages rendered by React Router. */
function createApp(settings: ServerSettings, isStopping: () => boolean, pages: PageOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("case sensitive routing", true);
  app.set("strict routing", true);

  app.all("/healthz", async (_req, res) => {
    const healthy =
      !isStopping() &&
      (await checkHealth().then(
        () => true,
        () => false,
      ));
    res.writeHead(healthy ? 200 : 503, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end(healthy ? "ok" : "unavailable");
  });
  app.use(
    imageProxyMount,
    createImageProxy({ imagesDir: settings.imagesDir, publicDir: path.join(projectRoot(), "public"), remoteHost: settings.imageRemoteHost }),
  );
  app.use(createPageHandler(settings, pages));
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => answerFailure(error, req, res));
  return app;
}

/** Pages and /api: from the shared page cache (decision 025), or rendered by React Router. */
function createPageHandler(settings: ServerSettings, { pageCache, readPageRequest }: PageOptions) {
  const render = createRequestHandler(build, settings.isProduction ? "production" : "development");
  return async function pages(req: Request, res: Response): Promise<void> {
    const { pathname, search } = new URL(req.url, "http://localhost");
    // One address per page: /about/ and /about are the same page.
    if ((req.method === "GET" || req.method === "HEAD") && pathname.length > 1 && pathname.endsWith("/")) {
      res.writeHead(301, { Location: pathname.replace(/\/+$/, "") + search });
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
    const request = await readPageRequest(req, res, pathname);
    if (!request) return;
    const response = await pageCache.answer(req, res, request, render, pageCacheState);
    if (response) await sendResponse(req, res, response);
  };
}
