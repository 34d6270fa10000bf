import { articlePageData } from "#app/modules/storefront/article-page.server.ts";
import { findArticle } from "#app/modules/content/articles.server.ts";
import { getConfig } from "#app/modules/config/config.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { articlePageMeta } from "#app/modules/seo/article-seo.ts";
import { pageNotFound } from "#app/modules/shared/not-found.ts";
import { ArticleView } from "#app/ui/content/ArticleView.tsx";
import type { Route } from "./+types/case-item";

/** A customer story, /cases/{slug}. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const article = await findArticle(db, "case", params.slug);
  if (!article) pageNotFound(url.pathname);
  return articlePageData(db, article, getConfig().publicUrl);
}

export const meta = ({ loaderData }: Route.MetaArgs) => (loaderData ? articlePageMeta(loaderData) : []);

export default function CaseItem({ loaderData }: Route.ComponentProps) {
  return <ArticleView data={loaderData} />;
}
