import { articlePageData } from "#app/modules/storefront/article-page.server.ts";
import { findArticle, findTrainingByLegacyId } from "#app/modules/content/articles.server.ts";
import { getConfig } from "#app/modules/config/config.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { articlePageMeta } from "#app/modules/seo/article-seo.ts";
import { pageNotFound } from "#app/modules/shared/not-found.ts";
import { ArticleView } from "#app/ui/content/ArticleView.tsx";
import type { Route } from "./+types/training-item";

/**
 * A training article: /training/{slug}, and the old site's ids (/training/18 …), which are
 * registered as their own paths and show the article that keeps that id. Its canonical
 * address stays /training/{slug}.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const slug = (params as { slug?: string }).slug;
  const legacyId = slug === undefined ? Number(url.pathname.split("/").pop()) : undefined;
  const article = legacyId !== undefined ? await findTrainingByLegacyId(db, legacyId) : await findArticle(db, "training", slug!);
  if (!article) pageNotFound(url.pathname);
  return articlePageData(db, article, getConfig().publicUrl);
}

export const meta = ({ loaderData }: Route.MetaArgs) => (loaderData ? articlePageMeta(loaderData) : []);

export default function TrainingArticle({ loaderData }: Route.ComponentProps) {
  return <ArticleView data={loaderData} />;
}
