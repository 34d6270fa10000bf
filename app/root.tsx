import { useEffect, type ReactNode } from "react";
import type { ErrorView } from "#app/ui/frame/ErrorPage.tsx";
import { deferHydration, pageHasHydrated } from "#app/ui/deferred-hydration.tsx";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { getConfig } from "#app/modules/config/config.server.ts";
import { isMarketOpen } from "#app/modules/quotes/calendar.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import type { QuotesView } from "#app/modules/quotes/view.ts";
import { listState } from "#app/modules/lists/lists.server.ts";
import { databaseContext, flashContext, listOwnerContext, userContext } from "#app/modules/request/context.ts";
import { outageLog } from "#app/modules/db/outage-log.server.ts";
import { log } from "#app/modules/shared/log.server.ts";
import {
  cacheControlMiddleware,
  databaseMiddleware,
  flashMiddleware,
  serviceUnavailableMiddleware,
  visitorMiddleware,
} from "#app/modules/request/middleware.server.ts";
import { sessionMiddleware } from "#app/modules/auth/session-middleware.server.ts";
import { isShopOpen, readSalesSettingShown } from "#app/modules/shop/status.server.ts";
import { storeJsonLd } from "#app/modules/seo/json-ld.ts";
import { canonicalUrl, shouldNoindex } from "#app/modules/seo/meta.ts";
import { isNewBuildAvailable, watchForNewBuild } from "#app/modules/shop/build-update.ts";
import { shop } from "#app/modules/shop/contacts.ts";
import { analyticsView, readAnalyticsChoice } from "#app/modules/analytics/cookie-choice.server.ts";
import { MetricaAfterConsent } from "#app/ui/frame/MetricaAfterConsent.tsx";
import { JsonLd } from "#app/ui/kit/JsonLd.tsx";
import { officeHoursRows } from "#app/modules/config/office-hours.ts";
import { readOfficeHours } from "#app/modules/pickup/office-hours.server.ts";
import { IconSprite } from "#app/ui/kit/icons.tsx";

import { describeError } from "#app/modules/shared/error-view.ts";
import "#app/ui/tokens/theme.css.ts";

/**
 * The back office's error view, for a 403 of its role check (below). The storefront never shows
 * it, so its code is not among every page's scripts: the browser loads it only when an /admin
 * page fails, and the server renders it in place meanwhile (deferHydration).
 */
const AdminError = deferHydration<{ error: unknown }>(() => import("#app/ui/admin/AdminError.tsx").then((module) => ({ default: module.AdminError })));
/** The storefront's error page (a lean header, the message, the footer): likewise loaded only by a page that failed. */
const ErrorLayout = deferHydration<{ view: ErrorView }>(() => import("#app/ui/frame/ErrorLayout.tsx").then((module) => ({ default: module.ErrorLayout })));

export const middleware: Route.MiddlewareFunction[] = [
  cacheControlMiddleware,
  serviceUnavailableMiddleware,
  visitorMiddleware,
  flashMiddleware,
  databaseMiddleware,
  sessionMiddleware,
];

/** A new build on the server turns the next navigation into a full page load. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    if (request.method === "GET" && isNewBuildAvailable()) {
      window.location.assign(request.url);
      return new Promise<never>(() => undefined);
    }
    return next();
  },
];

/** Spec section 8: a list that fails to load is logged and shown as empty; the page still renders. */
async function headerLists(db: Parameters<typeof listState>[0], owner: Parameters<typeof listState>[1]): ReturnType<typeof listState> {
  try {
    return await listState(db, owner);
  } catch (error) {
    if (!outageLog.report(error)) log.error("lists failed to load; badges show none", { error });
    return { counts: { cart: 0, wishlist: 0, compare: 0 }, membership: { cart: {}, wishlist: [], compare: [] } };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const signedIn = context.get(userContext);
  const [sales, quotesService, { counts, membership }, officeHours] = await Promise.all([
    readSalesSettingShown(db),
    getQuotesService(),
    headerLists(db, context.get(listOwnerContext)),
    readOfficeHours(db),
  ]);
  const snapshot = quotesService.current();
  const quotes: QuotesView | null = snapshot
    ? { time: snapshot.time.toISOString(), courses: snapshot.courses, sourceLabel: snapshot.source.label, marketOpen: isMarketOpen(new Date()) }
    : null;
  return {
    publicUrl: getConfig().publicUrl,
    quotes,
    /** Spec section 4: whether the shop takes orders now, read at the start of every page. */
    shopOpen: isShopOpen({ paused: sales.paused, quotesFresh: quotesService.isFresh() }),
    /** The operator's pause and the reason buyers are shown (/admin/shop, `npm run shop -- pause`). */
    salesPause: sales.paused ? { reason: sales.note ?? null } : null,
    flash: context.get(flashContext),
    counts,
    /** Which products the lists hold: the cards' and product page's buttons show it. */
    lists: membership,
    user: signedIn ? { name: signedIn.name, phone: signedIn.phone } : null,
    // Built on the server: the structured data and the counter snippet travel as data,
    // not as code every visitor's browser must download and parse.
    storeJsonLd: storeJsonLd(getConfig().publicUrl, getConfig().seller, officeHoursRows(officeHours)),
    /** The office's hours as staff set them (/admin/pickup): the footer, the phones panel, /contacts and the order pages. */
    officeHours,
    /** The seller's legal details for the footer. */
    seller: getConfig().seller,
    /** The counter only after the visitor accepted analytics cookies; the banner until they answer (152-FZ). */
    analytics: analyticsView(getConfig().metricaCounterId, readAnalyticsChoice(request)),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const error = useRouteError();
  // A page reachable at two addresses (a legacy /training/18) names its own canonical path.
  const canonicalPath =
    useMatches()
      .map((match) => (match.loaderData as { canonicalPath?: unknown } | undefined)?.canonicalPath)
      .findLast((path): path is string => typeof path === "string") ?? location.pathname;
  // The outermost effect runs after every other one of the first render: from here on the
  // page's handlers exist, and once its deferred parts have hydrated too, the document gets the
  // mark tests (tests/e2e/helpers.ts waitForHydration) wait for.
  useEffect(pageHasHydrated, []);
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1a17" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {data && !error ? <link rel="canonical" href={canonicalUrl(data.publicUrl, canonicalPath)} /> : null}
        {shouldNoindex(location.search) || error ? <meta name="robots" content="noindex" /> : null}
        <Links />
        {data ? <JsonLd data={data.storeJsonLd} /> : null}
        {data?.analytics.snippet ? <script dangerouslySetInnerHTML={{ __html: data.analytics.snippet }} /> : null}
      </head>
      <body>
        <IconSprite />
        {children}
        <MetricaAfterConsent snippet={data?.analytics.snippet ?? null} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => watchForNewBuild(__BUILD_ID__), []);
  return <Outlet />;
}

export function meta({ error }: Route.MetaArgs) {
  if (!error) return [{ title: `${shop.name} — ${shop.tagline}` }];
  const view = errorView(error);
  return [{ title: `${view.status} — ${view.title}` }];
}

function errorView(error: unknown) {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" ? error.data : error.statusText;
    return describeError(error.status, message);
  }
  return describeError(500);
}

/** The error layout: every error, thrown on purpose or not, ends here (spec section 2). */
export function ErrorBoundary() {
  const error = useRouteError();
  // Middleware errors land here (React Router picks the top route with a loader): the back office's 403 keeps its frame.
  if (useLocation().pathname.startsWith("/admin")) return <AdminError error={error} />;
  return <ErrorLayout view={errorView(error)} />;
}
