import type { Database } from "../db/client.server.ts";
import { ipxUrl } from "../images/image-url.ts";
import { articleJsonLd } from "../seo/article-seo.ts";
import type { Article } from "../content/articles.server.ts";
import { otherArticles } from "../content/articles.server.ts";
import { articleCard, type ArticlePageData } from "../content/cards.ts";
import { renderMarkdown } from "../content/markdown.server.ts";
import { articleHref, articleSections } from "../content/paths.ts";

/** The width of a cover in OpenGraph and JSON-LD (the 1200 × 630 of link previews). */
const shareImageWidth = 1200;

/** Everything an article page shows, from its row: the body as safe HTML, SEO data, other articles. */
export async function articlePageData(db: Database, article: Article, publicUrl: string): Promise<ArticlePageData> {
  const section = articleSections[article.kind];
  const path = articleHref(article.kind, article.slug);
  const url = `${publicUrl}${path}`;
  const imageUrl = article.cover ? `${publicUrl}${ipxUrl(article.cover.src, { width: shareImageWidth, format: "jpeg" })}` : undefined;
  const others = await otherArticles(db, article.kind, article.slug, 3);
  const modifiedAt = article.updatedAt.toISOString();
  return {
    kind: article.kind,
    title: article.title,
    description: article.description,
    publishedAt: article.publishedAt,
    cover: article.cover,
    videoUrl: article.videoUrl,
    html: renderMarkdown(article.body, { publicUrl }),
    section,
    crumbs: [section, { name: article.title, href: path }],
    canonicalPath: path,
    url,
    imageUrl,
    modifiedAt,
    jsonLd: articleJsonLd({
      type: article.kind === "news" ? "NewsArticle" : "Article",
      url,
      title: article.title,
      description: article.description,
      datePublished: article.publishedAt,
      dateModified: modifiedAt,
      imageUrl,
      publicUrl,
    }),
    others: others.map(articleCard),
  };
}
