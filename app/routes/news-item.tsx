import { articlePageData } from "#app/modules/storefront/article-page.server.ts";
import { findArticle } from "#app/modules/content/articles.server.ts";
import { getConfig } from "#app/modules/config/config.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { articlePageMeta } from "#app/modules/seo/article-seo.ts";
import { pageNotFound } from "#app/modules/shared/not-found.ts";
import { ArticleView } from "#app/ui/content/ArticleView.tsx";
import type { Route } from "./+types/news-item";

/** A news item, /news/{slug}. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const article = await findArticle(db, "news", params.slug);
  if (!article) pageNotFound(url.pathname);
  return articlePageData(db, article, getConfig().publicUrl);
}

export const meta = ({ loaderData }: Route.MetaArgs) => (loaderData ? articlePageMeta(loaderData) : []);

export default function NewsItem({ loaderData }: Route.ComponentProps) {
  return <ArticleView data={loaderData} />;
}
