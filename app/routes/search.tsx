import { Form, Link } from "react-router";
import { PAGE_SIZE } from "#app/modules/catalog/listing.ts";
import { SEARCH_QUERY_MAX_LENGTH } from "#app/modules/catalog/search-query.ts";
import { normalizeSearchQuery, searchProducts } from "#app/modules/catalog/search.server.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { invalidPage, pageNotFound } from "#app/modules/shared/not-found.ts";
import { grid } from "#app/ui/catalog/catalog.css.ts";
import { pluralRu } from "#app/ui/catalog/format-product.ts";
import { ProductCard } from "#app/ui/catalog/ProductCard.tsx";
import { button, visuallyHidden } from "#app/ui/kit/kit.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { Pagination } from "#app/ui/kit/Pagination.tsx";
import * as css from "./search.css.ts";
import type { Route } from "./+types/search";

/** What the hint offers to try: a series, an animal, a coin's old name, a foreign coin, a weight. */
const examples = ["Георгий Победоносец", "Соболь", "червонец", "Кленовый лист", "1 унция"];

/** GET /search?q=…&page=N: the catalogue's full-text search, 24 coins a page. */
export async function loader({ url, context }: Route.LoaderArgs) {
  // `url`, not `request.url`: React Router 8 passes data requests raw (/search.data).
  const query = normalizeSearchQuery(url.searchParams.get("q"));
  const pageParam = url.searchParams.get("page");
  if (pageParam !== null && !/^[1-9]\d{0,5}$/.test(pageParam)) invalidPage(url.pathname);
  const page = pageParam === null ? 1 : Number(pageParam);

  if (!query) {
    // Without a query there is one page: the hint.
    if (page > 1) pageNotFound(url.pathname);
    return { query, page, pageCount: 1, total: 0, items: [], suggestion: undefined };
  }

  const { db } = context.get(databaseContext);
  const rates = (await getQuotesService()).rates();
  const { items, total, suggestion } = await searchProducts(db, query, rates, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A page past the last is not a page of these results.
  if (page > pageCount) pageNotFound(url.pathname);
  return { query, page, pageCount, total, items, suggestion };
}

function searchHref(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}

const coins = (count: number) => `${count} ${pluralRu(count, ["монета", "монеты", "монет"])}`;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData?.query) {
    return pageMeta({
      title: "Поиск по каталогу",
      description: "Поиск золотых и серебряных монет по названию, серии, номиналу, стране, монетному двору и весу.",
    });
  }
  const { query, page, total } = loaderData;
  const suffix = page > 1 ? ` — страница ${page}` : "";
  return pageMeta({
    title: `Поиск: ${query}${suffix}`,
    description:
      total > 0
        ? `По запросу «${query}» найдено ${coins(total)} из золота и серебра с ценами по текущим котировкам.`
        : `По запросу «${query}» монет не найдено.`,
  });
}

function Hint() {
  return (
    <div data-testid="search-hint" className={css.hint}>
      <p className={css.hintFirst}>
        Ищите по названию монеты, серии, номиналу, стране или монетному двору, по весу и металлу: слова можно писать не полностью.
      </p>
      <p className={css.hintLast}>
        Например:{" "}
        {examples.map((example, index) => (
          <span key={example}>
            {index > 0 ? ", " : null}
            <Link to={searchHref(example)}>{example}</Link>
          </span>
        ))}
        .
      </p>
    </div>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, page, pageCount, total, items, suggestion } = loaderData;
  const title = query ? `Результаты поиска «${query}»${page > 1 ? ` — страница ${page}` : ""}` : "Поиск по каталогу";
  return (
    <>
      <PageHeader title={title} crumbs={[{ name: "Поиск", href: "/search" }]} />
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a form with role=search is the landmark a <search> box around it would be */}
      <Form method="get" action="/search" role="search" className={css.form}>
        <label htmlFor="search-page-query" className={visuallyHidden}>
          Что ищем
        </label>
        <input
          id="search-page-query"
          key={query}
          name="q"
          type="search"
          defaultValue={query}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder="Например, Георгий Победоносец"
          className={css.input}
        />
        <button type="submit" className={button}>
          Найти
        </button>
      </Form>
      {!query ? (
        <Hint />
      ) : (
        <section aria-label="Результаты поиска">
          {suggestion ? (
            <div data-testid="search-suggestion" className={css.count}>
              <p>По запросу «{query}» ничего не нашлось.</p>
              <p>
                Возможно, вы искали: <Link to={searchHref(suggestion)}>{suggestion}</Link>. Показаны монеты по этому запросу.
              </p>
            </div>
          ) : null}
          <p data-testid="search-count" className={css.count}>
            Найдено: {coins(total)}
          </p>
          {items.length > 0 ? (
            <>
              <ul className={grid}>
                {items.map((product, index) => (
                  <li key={product.id}>
                    <ProductCard product={product} returnTo={searchHref(query, page)} priority={index < 2} />
                  </li>
                ))}
              </ul>
              <Pagination page={page} pageCount={pageCount} hrefFor={(n) => searchHref(query, n)} />
            </>
          ) : (
            <>
              <p>По запросу «{query}» ничего не нашлось. Проверьте написание или попробуйте начало слова.</p>
              <Hint />
            </>
          )}
        </section>
      )}
    </>
  );
}
