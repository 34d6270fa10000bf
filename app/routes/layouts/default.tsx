import { Outlet, useLocation, useMatches, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";
import { frameOptions } from "#app/modules/shop/frame-options.ts";
import { LoginModalProvider } from "#app/ui/auth/LoginModal.tsx";
import { CardLinksProvider } from "#app/ui/catalog/card-links.tsx";
import { Container } from "#app/ui/kit/Container.tsx";
import { Notice } from "#app/ui/kit/Notice.tsx";
import { DeliveryBanner } from "#app/ui/frame/DeliveryBanner.tsx";
import { main, page } from "#app/ui/frame/frame.css.ts";
import { Footer } from "#app/ui/frame/Footer.tsx";
import { Header } from "#app/ui/frame/Header.tsx";
import { QuotesBar } from "#app/ui/frame/QuotesBar.tsx";
import { SalesPauseBanner } from "#app/ui/frame/SalesPauseBanner.tsx";
import { deferHydration } from "#app/ui/deferred-hydration.tsx";

/**
 * The analytics choice, shown only until the visitor answers: most pages are seen by visitors
 * who have, so its code is not among every page's scripts. The server renders it in place (its
 * form works without JavaScript); in the browser it hydrates once its chunk comes.
 */
const CookieBanner = deferHydration<object>(() => import("#app/ui/frame/CookieBanner.tsx").then((module) => ({ default: module.CookieBanner })));

/** The default layout of spec section 2: header with menus and quotes, the page, the footer. */
export default function DefaultLayout() {
  const matches = useMatches();
  const location = useLocation();
  const options = frameOptions(matches.map((match) => match.handle));
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <LoginModalProvider>
      <div className={page}>
        <Header
          counts={root?.counts ?? { cart: 0, wishlist: 0, compare: 0 }}
          isLoggedIn={Boolean(root?.user)}
          returnTo={location.pathname + location.search}
          sticky={options.stickyHeader}
          quotesBar={<QuotesBar quotes={root?.quotes ?? null} largeScreensOnly={options.stickyHeader} />}
        />
        {root?.salesPause ? <SalesPauseBanner reason={root.salesPause.reason} /> : null}
        {options.hideDeliveryBanner ? null : <DeliveryBanner />}
        <main className={main} id="main">
          <Container>
            {root?.flash ? <Notice kind={root.flash.kind} message={root.flash.message} /> : null}
            <CardLinksProvider>
              <Outlet />
            </CardLinksProvider>
          </Container>
        </main>
        <Footer seller={root?.seller} />
        {root?.analytics.banner && !location.pathname.startsWith("/cookies") ? <CookieBanner /> : null}
      </div>
    </LoginModalProvider>
  );
}
