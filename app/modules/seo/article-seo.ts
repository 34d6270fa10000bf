import type { MetaDescriptor } from "react-router";
import { shop } from "../shop/contacts.ts";
import { pageMeta } from "./meta.ts";

/**
 * Structured data and OpenGraph tags of content pages: news are NewsArticle, cases and
 * training articles Article (schema.org), each published by the shop.
 */
export type ArticleSeo = {
  type: "NewsArticle" | "Article";
  /** Absolute address of the page. */
  url: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  datePublished: string;
  dateModified: string;
  /** Absolute address of the cover picture, if any. */
  imageUrl?: string;
  publicUrl: string;
};

export function articleJsonLd(article: ArticleSeo) {
  const publisher = {
    "@type": "Organization",
    "@id": `${article.publicUrl}/#organization`,
    name: shop.name,
    url: `${article.publicUrl}/`,
    logo: { "@type": "ImageObject", url: `${article.publicUrl}/logo.svg` },
  };
  return {
    "@context": "https://schema.org",
    "@type": article.type,
    headline: article.title.slice(0, 110),
    description: article.description,
    inLanguage: "ru",
    url: article.url,
    mainEntityOfPage: { "@type": "WebPage", "@id": article.url },
    datePublished: article.datePublished,
    dateModified: article.dateModified,
    ...(article.imageUrl ? { image: [article.imageUrl] } : {}),
    author: publisher,
    publisher,
  };
}

/** og:type, og:url, og:description, og:image and the article times, beside pageMeta's title tags. */
export function openGraphMeta(page: {
  type: "article" | "website";
  url: string;
  description: string;
  imageUrl?: string;
  publishedTime?: string;
  modifiedTime?: string;
}): MetaDescriptor[] {
  return [
    { property: "og:type", content: page.type },
    { property: "og:url", content: page.url },
    { property: "og:description", content: page.description },
    { property: "og:locale", content: "ru_RU" },
    ...(page.imageUrl ? [{ property: "og:image", content: page.imageUrl }] : []),
    ...(page.publishedTime ? [{ property: "article:published_time", content: page.publishedTime }] : []),
    ...(page.modifiedTime ? [{ property: "article:modified_time", content: page.modifiedTime }] : []),
  ];
}

/** rel="prev" and rel="next" links of a paged list. */
export function paginationLinks(page: number, pageCount: number, hrefFor: (page: number) => string): MetaDescriptor[] {
  const links: MetaDescriptor[] = [];
  if (page > 1) links.push({ tagName: "link", rel: "prev", href: hrefFor(page - 1) });
  if (page < pageCount) links.push({ tagName: "link", rel: "next", href: hrefFor(page + 1) });
  return links;
}

/** The meta tags of an article page: title and description, OpenGraph as an article. */
export function articlePageMeta(article: {
  title: string;
  description: string;
  url: string;
  imageUrl?: string;
  publishedAt: string;
  modifiedAt: string;
}): MetaDescriptor[] {
  return [
    ...pageMeta({ title: article.title, description: article.description }),
    ...openGraphMeta({
      type: "article",
      url: article.url,
      description: article.description,
      imageUrl: article.imageUrl,
      publishedTime: article.publishedAt,
      modifiedTime: article.modifiedAt,
    }),
  ];
}
