import { deferHydration } from "#app/ui/deferred-hydration.tsx";
// The coin grid's styles load with the page (its code loads later; see deferHydration).
import "#app/ui/catalog/catalog.css.ts";
import "#app/ui/kit/coin-image.css.ts";
import { Link } from "react-router";
import { featuredProducts } from "#app/modules/catalog/products.server.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { homeDescription, homeLead, homeReasons, homeSections } from "#app/modules/shop/home-content.server.ts";
import { shop } from "#app/modules/shop/contacts.ts";
import * as css from "./home.css.ts";
import type { SitemapHandle } from "#app/modules/seo/sitemap-handle.ts";
import type { Route } from "./+types/home";

/**
 * The coins below the opening screen hydrate from their own chunk once it arrives: the
 * server sends their HTML (and their forms work without JavaScript meanwhile), so the
 * code a slow phone must run before the page responds stays within its budget.
 */
const FeaturedGrid = deferHydration(() => import("#app/ui/catalog/ProductGrid.tsx"));

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  // The page's fixed texts come as data too: data in the HTML costs a slow phone less than code to parse.
  return {
    featured: await featuredProducts(db, (await getQuotesService()).rates(), 8),
    description: homeDescription,
    lead: homeLead,
    sections: homeSections,
    reasons: homeReasons,
  };
}

export const handle = { sitemap: { changeFrequency: "hourly" } } satisfies SitemapHandle;

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta({ title: shop.name, description: loaderData?.description });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className={css.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={css.title}>
          {shop.tagline}
        </h1>
        <p className={css.lead}>{loaderData.lead}</p>
        <nav aria-label="Разделы каталога" className={css.sections}>
          {loaderData.sections.map((section) => (
            <Link key={section.href} to={section.href} className={css.section}>
              {section.name}
            </Link>
          ))}
          <Link to="/new-issues" className={css.section}>
            Новинки и скоро в продаже
          </Link>
        </nav>
      </section>

      <section aria-labelledby="featured">
        <h2 id="featured" className={css.heading}>
          Популярные монеты
        </h2>
        <FeaturedGrid products={loaderData.featured} returnTo="/" priority={2} />
        <p>
          <Link to="/catalog">Весь каталог →</Link>
        </p>
      </section>

      <section aria-labelledby="why" className={css.reasonsSection}>
        <h2 id="why" className={css.heading}>
          Почему покупают у нас
        </h2>
        <ul className={css.reasons}>
          {loaderData.reasons.map((reason) => (
            <li key={reason.title} className={css.reason}>
              <h3 className={css.reasonTitle}>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
        <p>
          <Link to="/quotes-online">Котировки и графики цен</Link> · <Link to="/coin-buyback">Скупка монет</Link> · <Link to="/how-to-buy">Как купить</Link>
        </p>
      </section>
    </>
  );
}
