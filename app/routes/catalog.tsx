import { Link } from "react-router";
import { listingSearch, parseListingQuery, type SectionFilter } from "#app/modules/catalog/listing.ts";
import { filterChoices, listProducts } from "#app/modules/catalog/products.server.ts";
import { findSection, listSections, parseCatalogPath, sectionCrumbs, sectionHref } from "#app/modules/catalog/sections.server.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { pageNotFound, parsePageNumber } from "#app/modules/shared/not-found.ts";
import { FilterForm } from "#app/ui/catalog/FilterForm.tsx";
import { pluralRu } from "#app/ui/catalog/format-product.ts";
import { ProductCard } from "#app/ui/catalog/ProductCard.tsx";
import { SortForm } from "#app/ui/catalog/SortForm.tsx";
import { grid } from "#app/ui/catalog/catalog.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { Pagination } from "#app/ui/kit/Pagination.tsx";
import * as css from "./catalog.css.ts";
import type { Route } from "./+types/catalog";

/** Every catalogue URL of spec section 2: the whole catalogue, categories, fixed sections and type pages, with their pages. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  // `url`, not `request.url`: React Router 8 passes client data requests raw
  // (/catalog/gold.data?_routes=…), which is no catalogue path (e2e: frame.js.spec.ts).
  const { sectionPath, pageNumber } = parseCatalogPath(url.pathname);
  const page = parsePageNumber(pageNumber, url.pathname);
  const section = await findSection(db, sectionPath);
  if (!section) pageNotFound(url.pathname);

  const query = parseListingQuery(url.searchParams);
  const filter = section.filter as SectionFilter;
  const rates = (await getQuotesService()).rates();
  const [listing, choices, sections] = await Promise.all([listProducts(db, filter, query, page, rates), filterChoices(db, filter), listSections(db)]);
  // A page past the last is not a page of this section.
  if (page > listing.pageCount) pageNotFound(url.pathname);

  return {
    title: section.title,
    description: section.description,
    basePath: sectionHref(section.path),
    crumbs: sectionCrumbs(sections, section),
    subsections: sections.filter((s) => s.parentPath === section.path).map((s) => ({ name: s.name, href: sectionHref(s.path) })),
    filter,
    query,
    choices,
    listing,
  };
}

function pageHref(basePath: string, page: number, search: string) {
  return `${page === 1 ? basePath : `${basePath}/page/${page}`}${search}`;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { title, listing, basePath, query, description } = loaderData;
  const suffix = listing.page > 1 ? ` — страница ${listing.page}` : "";
  const search = listingSearch(query);
  const links = [];
  if (listing.page > 1) links.push({ tagName: "link", rel: "prev", href: pageHref(basePath, listing.page - 1, search) });
  if (listing.page < listing.pageCount) links.push({ tagName: "link", rel: "next", href: pageHref(basePath, listing.page + 1, search) });
  return [
    ...pageMeta({
      title: title + suffix,
      description:
        description ||
        `${title}: ${listing.total} ${pluralRu(listing.total, ["монета", "монеты", "монет"])} с ценами по текущим котировкам, доставка по России.`,
    }),
    ...links,
  ];
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { title, crumbs, listing, query, basePath, choices, filter, subsections } = loaderData;
  const search = listingSearch(query);
  const returnTo = pageHref(basePath, listing.page, search);
  return (
    <>
      <PageHeader title={listing.page > 1 ? `${title} — страница ${listing.page}` : title} crumbs={crumbs} />
      <nav aria-label="Разделы" className={css.subsections}>
        {subsections.map((sub) => (
          <Link key={sub.href} to={sub.href} className={css.chip}>
            {sub.name}
          </Link>
        ))}
        <Link to="/new-issues" className={css.chip}>
          Новинки и скоро в продаже
        </Link>
      </nav>
      <div className={css.layout}>
        <section className={css.filters} id="filters" aria-labelledby="filters-title">
          <h2 id="filters-title" className={css.filtersHeading}>
            Фильтры
          </h2>
          <FilterForm query={query} section={filter} choices={choices} action={basePath} />
        </section>
        <section aria-label="Монеты" className={css.results}>
          <div className={css.toolbar}>
            <p className={css.count} data-testid="listing-count">
              {listing.total} {pluralRu(listing.total, ["монета", "монеты", "монет"])}{" "}
              <a href="#filters" className={css.filtersJump}>
                Фильтры
              </a>
            </p>
            <SortForm query={query} action={basePath} />
          </div>
          {listing.items.length > 0 ? (
            <ul className={grid}>
              {listing.items.map((product, index) => (
                <li key={product.id}>
                  <ProductCard product={product} returnTo={returnTo} priority={index < 2} />
                </li>
              ))}
            </ul>
          ) : (
            <p className={css.empty}>
              Таких монет сейчас нет. <Link to={basePath}>Сбросить фильтры</Link>
            </p>
          )}
          <Pagination page={listing.page} pageCount={listing.pageCount} hrefFor={(page) => pageHref(basePath, page, search)} />
        </section>
      </div>
    </>
  );
}
