import path from "node:path";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
// React's renderer that writes the page as text (html-stream.server.ts, decision 042).
import { renderToPipeableStream } from "react-dom/server.bun";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { outageLog } from "#app/modules/db/outage-log.server.ts";
import { log } from "#app/modules/shared/log.server.ts";
import { SHARED_PAGE_HEADER } from "#app/modules/request/cache-policy.ts";
import { buildStylesheets, criticalPathRewriter, type RewriteMiss } from "#app/modules/request/critical-path.server.ts";
import { asPipeTarget, htmlStream } from "#app/modules/request/html-stream.server.ts";
import { projectRoot } from "#app/modules/shared/project-root.server.ts";
import { installRussianZodMessages } from "#app/modules/forms/zod-locale.ts";
import { configureDatabase } from "#app/modules/db/database.server.ts";
import { seedDatabase } from "#app/modules/seed/seed.server.ts";

// zod's Russian messages for every schema the server runs (decision 029).
installRussianZodMessages();
// The database adds the demo data a new database lacks when it first opens (in dev as behind server.ts);
// db/ sits below the seeders, so they are passed in here. This opens nothing.
configureDatabase({ seed: (db) => seedDatabase(db, { onlyNew: true }) });

/** The client build's stylesheets, inlined into each page's head (critical-path.server.ts). */
const stylesheets = buildStylesheets(path.join(projectRoot(), "build/client"));

/**
 * Markup the critical-path rewrite expected and did not find: an upgrade of react-dom or
 * react-router changed it. Logged once per process and kind, as an error (tests/http watch for it).
 */
const reportedMisses = new Set<RewriteMiss>();
function reportRewriteMiss(miss: RewriteMiss, url: string) {
  if (reportedMisses.has(miss)) return;
  reportedMisses.add(miss);
  log.error("critical-path rewrite: markup not found, page sent as rendered (decision 034)", { missing: miss, url });
}

/** Deferred data that has not arrived by then is rendered as failed. */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    // HEAD answers with the headers a GET would have, the content type among them.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // People get the shell at once and the deferred parts as they stream in;
    // crawlers get the whole document in one piece, and so does a page rendered once to be
    // shared by every anonymous visitor (page-cache.server.ts marks and keeps it).
    const whole = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || request.headers.has(SHARED_PAGE_HEADER);
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // React outlines large Suspense boundaries that are already complete into hidden
      // elements revealed by an inline script; without JavaScript they would stay hidden.
      // Complete parts are sent in place; only parts still waiting for data stream later.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      [readyOption]() {
        shellRendered = true;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // The first paint needs the document alone: its CSS inlined, its scripts after that
        // paint. Not on the dev server, whose styles and scripts are Vite's own.
        const page = htmlStream({
          rewrite: import.meta.env.DEV ? undefined : criticalPathRewriter(stylesheets, (miss) => reportRewriteMiss(miss, request.url)),
          onEnd() {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          },
        });
        // React finishes Suspense boundaries whose content is already at hand in tasks of
        // its own; starting the flush on the next turn lets them complete first, so they
        // are sent in place. Only parts that really wait (deferred data) stream later.
        setImmediate(() => pipe(asPipeTarget(page.destination)));
        resolve(new Response(page.body, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) log.error("render failed after the shell", { error });
      },
    });
  });
}

/**
 * Unexpected errors are logged once here; responses thrown on purpose (404, redirects) are
 * not, and a database outage is summarised rather than traced per request.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || outageLog.report(error)) return;
  log.error("request failed", { method: request.method, url: request.url, error });
};
