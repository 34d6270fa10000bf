import type { ContentImage } from "../db/schema.ts";
import type { ArticleKind } from "./content-files.ts";
import { articleHref } from "./paths.ts";

/** What a card of a content list shows. */
export type CardItem = {
  href: string;
  title: string;
  description: string;
  cover: ContentImage | null;
  /** YYYY-MM-DD, shown as the publication day. */
  date?: string;
  hasVideo?: boolean;
};

export function articleCard(article: {
  kind: ArticleKind;
  slug: string;
  title: string;
  description: string;
  cover: ContentImage | null;
  publishedAt: string;
  videoUrl: string | null;
}): CardItem {
  return {
    href: articleHref(article.kind, article.slug),
    title: article.title,
    description: article.description,
    cover: article.cover,
    date: article.publishedAt,
    hasVideo: article.videoUrl !== null,
  };
}

/** What an article page shows (built on the server by storefront/article-page.server.ts). */
export type ArticlePageData = {
  kind: ArticleKind;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  publishedAt: string;
  cover: ContentImage | null;
  videoUrl: string | null;
  /** The body, rendered and sanitised. */
  html: string;
  section: { name: string; href: string };
  crumbs: { name: string; href: string }[];
  /** The one address of the article, also when it is shown at a legacy id (root.tsx reads it). */
  canonicalPath: string;
  url: string;
  imageUrl?: string;
  modifiedAt: string;
  jsonLd: Record<string, unknown>;
  others: CardItem[];
};
