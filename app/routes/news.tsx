import { listArticlePage } from "#app/modules/content/articles.server.ts";
import { articleCard } from "#app/modules/content/cards.ts";
import { newsPageHref, newsPageSize } from "#app/modules/content/paths.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { paginationLinks } from "#app/modules/seo/article-seo.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { pageNotFound, parsePageNumber } from "#app/modules/shared/not-found.ts";
import { CardGrid } from "#app/ui/content/ArticleCard.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { Pagination } from "#app/ui/kit/Pagination.tsx";
import type { SitemapHandle } from "#app/modules/seo/sitemap-handle.ts";
import type { Route } from "./+types/news";

/** /news and /news/page/{n}: the shop's news, newest first. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const page = parsePageNumber(params.pageNumber, url.pathname);
  const { db } = context.get(databaseContext);
  const list = await listArticlePage(db, "news", page, newsPageSize);
  // A page past the last is not a page of the news.
  if (page > list.pageCount) pageNotFound(url.pathname);
  return { page, pageCount: list.pageCount, items: list.items.map(articleCard) };
}

const title = (page: number) => (page > 1 ? `Новости — страница ${page}` : "Новости");

export const handle = { sitemap: { changeFrequency: "daily" } } satisfies SitemapHandle;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    ...pageMeta({
      title: title(loaderData.page),
      description: "Новости магазина и рынка драгоценных металлов: новые монеты Банка России, правила покупки и продажи, доставка и работа офиса.",
    }),
    ...paginationLinks(loaderData.page, loaderData.pageCount, newsPageHref),
  ];
}

export default function News({ loaderData }: Route.ComponentProps) {
  const { page, pageCount, items } = loaderData;
  return (
    <>
      <PageHeader title={title(page)} crumbs={[{ name: "Новости", href: "/news" }]} />
      {items.length > 0 ? <CardGrid items={items} /> : <p>Новостей пока нет.</p>}
      <Pagination page={page} pageCount={pageCount} hrefFor={newsPageHref} />
    </>
  );
}
