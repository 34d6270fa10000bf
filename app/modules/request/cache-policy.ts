/**
 * How long browsers and shared caches (a CDN, a reverse proxy) may keep each answer of the
 * application: the one table of docs/decisions/005-http-caching.md. Static assets and
 * pictures are answered by the server (server/) before the application and are cached there (a year).
 *
 * Three kinds of answer:
 * - shared: the same for everyone and carrying no cookie (quotes, robots, sitemap, feed),
 *   so any cache may keep it and serve it a little stale while it fetches a new one;
 * - page: HTML (and its `.data` twin) that shows the visitor's own badges, sign-in and
 *   notices in the header, so only the visitor's browser may keep it and must ask first;
 * - personal: account, cart, checkout, sign-in and the /api state calls, never stored.
 *
 * A page asked for by a request that carries nothing personal (anonymous-request.ts) is the
 * same for everyone: the shop renders it once (page-cache.server.ts) and any cache may keep
 * it for a minute (SHARED_PAGE_CACHE_CONTROL), keyed on the Cookie header (a proxy in front
 * bypasses its cache for the shop's cookies: README, 'Behind a CDN or reverse proxy').
 */

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;

/** Shared answers by path: the figures are a balance of freshness against load (see the decision record). */
const sharedPaths: Record<string, string> = {
  // The quotes change once a refresh (10 minutes by default); ETag turns a revalidation into a 304.
  "/api/courses": `public, max-age=30, s-maxage=${minute}, stale-while-revalidate=${5 * minute}`,
  "/robots.txt": `public, max-age=${day}`,
  "/sitemap.xml": `public, max-age=${hour}, stale-while-revalidate=${day}`,
  // Prices in the feed follow the quotes: an hour old at most, another hour while it refreshes.
  "/yml.xml": `public, max-age=${hour}, stale-while-revalidate=${hour}`,
};

/** Paths whose answers are about one person (or change state): never stored anywhere. */
const personalPrefixes = [
  "/my",
  "/cart",
  "/checkout",
  "/thanks",
  "/payment-error",
  "/login",
  "/logout",
  "/cabinet",
  "/wishlist",
  "/product-comparison",
  "/api",
  "/build.json",
  "/admin",
  "/1c_exchange",
];

export const PAGE_CACHE_CONTROL = "private, no-cache";
/**
 * A page for a request without anything personal: browsers ask again every time (an ETag
 * makes it a 304), a shared cache serves it for a minute and a stale copy for ten more while
 * it fetches a new one (docs/decisions/025-shared-page-cache.md).
 */
export const SHARED_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${minute}, stale-while-revalidate=${10 * minute}`;
/**
 * Set by the page cache (and removed from what the client sent by server/page-request.ts) on a request for a page that
 * carries nothing personal: the page is rendered whole and its answer may be shared.
 */
export const SHARED_PAGE_HEADER = "x-shop-shared-page";
export const NO_STORE = "no-store";

function underPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Whether the path is a page (or its `.data`) rather than a shared or a personal answer. */
export function isPagePath(pathname: string): boolean {
  return !isSharedPath(pathname) && !personalPrefixes.some((prefix) => underPrefix(pathname, prefix));
}

/** Whether a GET of this path is answered the same for everyone (and so must not set cookies). */
export function isSharedPath(pathname: string): boolean {
  return Object.hasOwn(sharedPaths, pathname);
}

export type CacheInput = {
  method: string;
  /** The page's path, without React Router's `.data` suffix. */
  pathname: string;
  status: number;
  /** Whether the answer sets a cookie: such an answer is never shared. */
  setsCookie: boolean;
  /** Whether the request carried nothing personal (the page cache marks it with SHARED_PAGE_HEADER). */
  anonymous?: boolean;
};

/** The Cache-Control header for an answer of the application. */
export function cacheControlFor({ method, pathname, status, setsCookie, anonymous = false }: CacheInput): string {
  const reads = method === "GET" || method === "HEAD";
  // Answers to changes, outages (503) and redirects after a change are for this request only.
  if (!reads || status >= 500) return NO_STORE;
  if (isSharedPath(pathname)) {
    const ok = (status >= 200 && status < 300) || status === 304;
    if (!ok) return NO_STORE;
    // A cookie in a shared answer would be handed to everyone who gets the copy.
    return setsCookie ? PAGE_CACHE_CONTROL : sharedPaths[pathname]!;
  }
  if (personalPrefixes.some((prefix) => underPrefix(pathname, prefix))) return NO_STORE;
  if (anonymous && status === 200 && !setsCookie) return SHARED_PAGE_CACHE_CONTROL;
  return PAGE_CACHE_CONTROL;
}
