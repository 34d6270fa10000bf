/**
 * The shared page cache (docs/decisions/025-shared-page-cache.md): a page
 * asked for by a request that carries nothing personal (anonymous-request.ts) is rendered
 * once, whole, and kept compressed (brotli and gzip) to be served to every such request
 * until anything it shows changes.
 *
 * The key is the normalised address (query parameters sorted, none dropped) and the page
 * state (pageCacheState in page-state.server.ts: the build, the reads generation
 * bumped by every catalogue, content, settings and quotes change on any instance, the
 * quotes snapshot, the market-open and quotes-fresh flags, the latest opening of a sale), so a
 * page rendered before such a change is never served after it. A stock change (an order placed
 * or let go) is the state's other part: the first request after it renders the page afresh and
 * waits for it (at most FRESH_RENDER_WAIT_MS), as for any change, but requests that come while
 * that render runs get the page kept before it, if it is at most MAX_STOCK_LAG_MS old, rather
 * than all waiting: on a launch day the stock changes with every order, and without this every
 * visitor waited on a render (decision 066). Entries also expire after PAGE_CACHE_TTL_MS, a safety net
 * for what changes with time alone (a promotion's last day). The cache is bounded in entries
 * and bytes (least recently used out first), so ten thousand made-up addresses cost at most
 * the bound; concurrent misses of one key share one render.
 *
 * Used by server/app.ts, which gives it the page state and the renderer.
 */
import type http from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { etagOf, matchesIfNoneMatch } from "../shared/etag.server.ts";
import { createMemoryCache } from "../shared/memory-cache.ts";
import { KEPT_ENCODINGS, pickEncoding } from "./accept-encoding.ts";
import { isAnonymousRequest } from "./anonymous-request.ts";
import { SHARED_PAGE_CACHE_CONTROL, SHARED_PAGE_HEADER } from "./cache-policy.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** How long a kept page is served at most, whatever else happens (a shared cache keeps it as long: s-maxage). */
export const PAGE_CACHE_TTL_MS = 60_000;

/**
 * How old (from the start of its render) a page kept before a stock change may be and still be
 * served while its fresh render runs: a visitor may see the stock of a few seconds ago, never a
 * price, an opening or anything else changed since (the cart and the checkout read the stock).
 */
export const MAX_STOCK_LAG_MS = 10_000;

/**
 * How long the first request after a stock change waits for the page's fresh render before it,
 * too, gets the page kept before: out of a crowd a render takes far less, so requests one after
 * another still see each change; in a launch's crowd a render waits behind the checkouts for a
 * database connection, and no visitor should wait with it.
 */
export const FRESH_RENDER_WAIT_MS = 1_000;

/**
 * What a page shows besides its address: `key`, whose change makes every kept page old, and
 * `stock`, the count of stock changes, after which a page may be served for a moment while its
 * fresh render runs (MAX_STOCK_LAG_MS).
 */
export type PageState = { key: string; stock: number };

export type PageCacheOptions = {
  /** Pages kept at most. */
  maxEntries?: number;
  /** Compressed bytes kept at most (both encodings of every page). */
  maxBytes?: number;
  /** A page larger than this (uncompressed) is served but not kept. */
  maxPageBytes?: number;
  ttlMs?: number;
  /** FRESH_RENDER_WAIT_MS unless told (tests). */
  freshRenderWaitMs?: number;
  /** Runs each render of a page to keep (server/app.ts: its queries first in line for a connection). */
  aroundRender?: <T>(render: () => Promise<T>) => Promise<T>;
  /** The clock, for tests. */
  now?: () => number;
};

export type CachedPage = {
  status: number;
  /** The answer's headers, without cookies, length, encoding and date. */
  headers: Record<string, string>;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  storedAt: number;
  /** When its render started, and the stock changes counted then: what stock it shows. */
  renderedAt: number;
  stock: number;
  /** Both encodings: what the page costs in the cache. */
  bytes: number;
};

/** Renders a request into an answer (React Router's request handler). */
export type RenderPage = (request: Request) => Promise<Response>;

export const PAGE_CACHE_HEADER = "X-Page-Cache";

/** Headers of the rendered answer that are not kept: they belong to one transfer. */
const transferHeaders = new Set(["set-cookie", "content-length", "content-encoding", "date", "connection", "keep-alive", "transfer-encoding", "etag", "age"]);

/**
 * The cache key of a request: origin and path as asked, the query parameters sorted by
 * name (values of one name keep their order; none is dropped, as a page may show any),
 * then the page state.
 */
export function pageCacheKey(url: URL, state: string): string {
  const params = new URLSearchParams(url.search);
  params.sort();
  const query = params.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ""}\n${state}`;
}

export type PageCache = ReturnType<typeof createPageCache>;

export function createPageCache({
  maxEntries = 1_000,
  maxBytes = 48 * 1024 * 1024,
  maxPageBytes = 2 * 1024 * 1024,
  ttlMs = PAGE_CACHE_TTL_MS,
  freshRenderWaitMs = FRESH_RENDER_WAIT_MS,
  aroundRender = (render) => render(),
  now = Date.now,
}: PageCacheOptions = {}) {
  // The shop's one memory cache (shared/memory-cache.ts): least recently used out first, bounded in pages and bytes.
  const pages = createMemoryCache<CachedPage>({ maxEntries, maxBytes, bytesOf: (page) => page.bytes, ttlMs, now });

  /** The page to keep of a shareable answer whose body has been read: compressed both ways. */
  async function keep(response: Response, body: Buffer, rendered: { at: number; stock: number }): Promise<CachedPage> {
    // Measured on a 130 KB page: brotli 5 takes ~5 ms and is ~2 % larger than 9 (~60 ms) or 11 (~120 ms),
    // paid by the visitor who misses; gzip 9 takes ~4 ms.
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzip(body, { level: 9 }),
    ]);
    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers) if (!transferHeaders.has(name)) headers[name] = value;
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
    return {
      status: response.status,
      headers,
      br,
      gzip: gz,
      etag: etagOf(body),
      storedAt: now(),
      renderedAt: rendered.at,
      stock: rendered.stock,
      bytes: br.length + gz.length,
    };
  }

  // Fresh renders of pages kept before a stock change, by key: one at a time each (bounded by the kept pages).
  const refreshing = new Map<string, Promise<Rendered>>();

  type Rendered = { page?: CachedPage; passOn?: Response };

  /**
   * The request a page for everyone is rendered from: a GET (HEAD too: its headers are the
   * page's), marked shared; a visitor who leaves does not stop the render others wait for.
   */
  function sharedRequest(request: Request): Request {
    const headers = new Headers(request.headers);
    headers.set(SHARED_PAGE_HEADER, "1");
    return new Request(request.url, { method: "GET", headers });
  }

  /** Renders a page for everyone and keeps it when it may be shared; otherwise the answer to pass on. */
  async function renderShared(request: Request, render: RenderPage, stock: number): Promise<Rendered> {
    const started = { at: now(), stock };
    const response = await aroundRender(() => render(sharedRequest(request)));
    if (!isShareable(response)) return { passOn: response };
    const body = Buffer.from(await response.arrayBuffer());
    // Too large to keep: served once, as it is.
    if (body.length > maxPageBytes) return { passOn: new Response(body, { status: response.status, headers: response.headers }) };
    return { page: await keep(response, body, started) };
  }

  /**
   * Answers a request from the cache when it carries nothing personal: a kept page (hit),
   * or one rendered now, whole, and kept (miss; concurrent misses of one key wait for the
   * same render). After a stock change alone, the first request renders afresh and the ones
   * that come while it runs get the page kept before (stale). Resolves undefined when it
   * answered, or the Response the server sends as usual: a personal request's, or an anonymous
   * one whose answer is not shared (a 404, a redirect).
   */
  async function answer(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    request: Request,
    render: RenderPage,
    state: () => Promise<PageState>,
  ): Promise<Response | undefined> {
    const shared = await sharedKey(request, state);
    if (shared === undefined) return render(request);
    const { key, stock } = shared;

    const kept = pages.kept(key);
    if (kept && kept.stock >= stock) {
      writePage(req, res, request, kept, "hit", now());
      return undefined;
    }
    if (kept && now() - kept.renderedAt <= MAX_STOCK_LAG_MS) {
      const running = refreshing.get(key);
      if (running) {
        writePage(req, res, request, kept, "stale", now());
        return undefined;
      }
      const refresh = renderShared(request, render, stock).then((rendered) => {
        // A render that started later may have finished first: the page showing more recent stock stays.
        if (rendered.page && (pages.peek(key)?.stock ?? -1) <= stock) pages.set(key, rendered.page);
        return rendered;
      });
      refreshing.set(key, refresh);
      void refresh.finally(() => refreshing.delete(key)).catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<"waited">((resolve) => (timer = setTimeout(resolve, freshRenderWaitMs, "waited")));
      const rendered = await Promise.race([refresh, waited]).finally(() => clearTimeout(timer));
      if (rendered === "waited") {
        writePage(req, res, request, kept, "stale", now());
        return undefined;
      }
      if (rendered.passOn) return rendered.passOn;
      writePage(req, res, request, rendered.page!, "miss", now());
      return undefined;
    }
    // Kept before a stock change too long ago: no one is served it.
    if (kept) pages.delete(key);

    let rendered = false;
    let passOn: Response | undefined;
    // Only the request that misses first renders (concurrent misses wait for its page); an
    // answer that is not kept goes back to that request alone.
    const page = await pages.get(key, async () => {
      rendered = true;
      const own = await renderShared(request, render, stock);
      passOn = own.passOn;
      return own.page;
    });
    if (passOn) return passOn;
    // Waited on a render whose answer was not kept: this request renders its own.
    if (!page) return render(sharedRequest(request));
    writePage(req, res, request, page, rendered ? "miss" : "hit", now());
    return undefined;
  }

  /**
   * Answers a request with a kept page (a hit) and resolves true; false, having answered
   * nothing, when the request is personal or its page is not kept (answer() then renders it).
   */
  async function answerKept(req: http.IncomingMessage, res: http.ServerResponse, request: CacheLookup, state: () => Promise<PageState>): Promise<boolean> {
    const shared = await sharedKey(request, state);
    const page = shared === undefined ? undefined : pages.kept(shared.key);
    // One kept before a stock change is answer()'s to serve or render afresh.
    if (!page || page.stock < shared!.stock) return false;
    writePage(req, res, request, page, "hit", now());
    return true;
  }

  return {
    answer,
    answerKept,
    /** How much is kept now, for tests and the benchmark. */
    size: () => pages.size(),
  };
}

/**
 * What the cache reads of a request: a fetch Request, or a kept page's lookup made straight from
 * the node request (nodeCacheLookup), which spares a hit building a Request it would not use.
 */
export type CacheLookup = { method: string; url: string; headers: Pick<Headers, "has" | "get"> };

/**
 * The lookup of a node request whose address is `origin` (as the fetch Request of that request
 * would have it) and its path as received.
 */
export function nodeCacheLookup(req: http.IncomingMessage, origin: string): CacheLookup {
  const headers = req.headers;
  const value = (name: string) => headers[name.toLowerCase()];
  return {
    method: req.method ?? "GET",
    url: origin + (req.url ?? "/"),
    headers: {
      has: (name) => value(name) !== undefined,
      get: (name) => {
        const found = value(name);
        return found === undefined ? null : Array.isArray(found) ? found.join(", ") : found;
      },
    },
  };
}

/** The cache key and stock count of a request that carries nothing personal; undefined for a personal one. */
async function sharedKey(request: CacheLookup, state: () => Promise<PageState>): Promise<{ key: string; stock: number } | undefined> {
  const url = new URL(request.url);
  if (!isAnonymousRequest({ method: request.method, pathname: url.pathname, headers: request.headers })) return undefined;
  const { key, stock } = await state();
  return { key: pageCacheKey(url, key), stock };
}

/**
 * Whether a rendered answer may be shared: a 200 HTML page the application itself called
 * shared (SHARED_PAGE_CACHE_CONTROL), setting no cookie.
 */
function isShareable(response: Response): boolean {
  return (
    response.status === 200 &&
    response.body !== null &&
    response.headers.getSetCookie().length === 0 &&
    response.headers.get("Cache-Control") === SHARED_PAGE_CACHE_CONTROL &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

/** Writes a kept page: 304 to a client that holds it, else the encoding it accepts. */
function writePage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  request: CacheLookup,
  page: CachedPage,
  outcome: "hit" | "miss" | "stale",
  time: number,
) {
  const headers: http.OutgoingHttpHeaders = {
    ...page.headers,
    etag: page.etag,
    age: String(Math.max(0, Math.floor((time - page.storedAt) / 1000))),
    [PAGE_CACHE_HEADER]: outcome,
  };
  if (matchesIfNoneMatch(request, page.etag)) {
    delete headers["content-type"];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"], KEPT_ENCODINGS);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : zlib.gunzipSync(page.gzip);
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = body.length;
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
