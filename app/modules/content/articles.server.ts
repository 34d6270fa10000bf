import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { articles } from "../db/schema.ts";
import { createReadCache } from "../shared/read-cache.ts";
import { type ArticleKind, isContentSlug } from "./content-files.ts";

export type Article = typeof articles.$inferSelect;

/** What a list shows of an article: no body. */
export type ArticleSummary = Pick<Article, "kind" | "slug" | "title" | "description" | "cover" | "videoUrl" | "publishedAt">;

const summaryColumns = {
  kind: articles.kind,
  slug: articles.slug,
  title: articles.title,
  description: articles.description,
  cover: articles.cover,
  videoUrl: articles.videoUrl,
  publishedAt: articles.publishedAt,
};

/** Newest first; on the same day, the later added first. */
const newestFirst = [desc(articles.publishedAt), desc(articles.id)];

export type ArticlePage = { items: ArticleSummary[]; page: number; pageCount: number; total: number };

// Articles change by import and in the back office (both announce it): lists and articles are read from memory for a short time.
const pageListCache = createReadCache<ArticlePage>({ tag: "content" });
const listCache = createReadCache<ArticleSummary[]>({ tag: "content" });
const articleCache = createReadCache<Article | undefined>({ tag: "content" });

/** One page of a kind's articles, newest first. pageCount is at least 1 (an empty list has one empty page). */
export function listArticlePage(db: Database, kind: ArticleKind, page: number, pageSize: number): Promise<ArticlePage> {
  return pageListCache.get(db, `${kind}:${page}:${pageSize}`, () => readArticlePage(db, kind, page, pageSize));
}

async function readArticlePage(db: Database, kind: ArticleKind, page: number, pageSize: number): Promise<ArticlePage> {
  const [items, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(articles)
      .where(and(eq(articles.kind, kind), eq(articles.published, true)))
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(articles)
      .where(and(eq(articles.kind, kind), eq(articles.published, true))),
  ]);
  const total = totals?.total ?? 0;
  return { items, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), total };
}

export function listArticles(db: Database, kind: ArticleKind): Promise<ArticleSummary[]> {
  return listCache.get(db, kind, () =>
    db
      .select(summaryColumns)
      .from(articles)
      .where(and(eq(articles.kind, kind), eq(articles.published, true)))
      .orderBy(...newestFirst),
  );
}

/**
 * An article by its slug. An address that cannot be a slug is not looked up: it may hold a
 * NUL (/news/%00), which PostgreSQL refuses in text, and it would only fill the cache.
 */
export function findArticle(db: Database, kind: ArticleKind, slug: string): Promise<Article | undefined> {
  if (!isContentSlug(slug)) return Promise.resolve(undefined);
  return articleCache.get(db, `${kind}:${slug}`, async () => {
    const [article] = await db
      .select()
      .from(articles)
      .where(and(eq(articles.kind, kind), eq(articles.slug, slug), eq(articles.published, true)))
      .limit(1);
    return article;
  });
}

/** A training article by the old site's id (/training/18); no lookup for what is no id (NaN from /training/%31%38). */
export async function findTrainingByLegacyId(db: Database, legacyId: number): Promise<Article | undefined> {
  if (!Number.isSafeInteger(legacyId) || legacyId < 1 || legacyId > 2_147_483_647) return undefined;
  const [article] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.kind, "training"), eq(articles.legacyId, legacyId), eq(articles.published, true)))
    .limit(1);
  return article;
}

/** The newest other articles of the same kind, for "Читайте также". */
export async function otherArticles(db: Database, kind: ArticleKind, exceptSlug: string, limit = 3): Promise<ArticleSummary[]> {
  return db
    .select(summaryColumns)
    .from(articles)
    .where(and(eq(articles.kind, kind), ne(articles.slug, exceptSlug), eq(articles.published, true)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** Every article's kind, slug and last change, for the sitemap. */
export async function listArticleAddresses(db: Database): Promise<Pick<Article, "kind" | "slug" | "updatedAt">[]> {
  return db
    .select({ kind: articles.kind, slug: articles.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .where(eq(articles.published, true))
    .orderBy(asc(articles.kind), asc(articles.slug));
}
