import { describe, expect, it } from "vitest";
import { articleJsonLd, articlePageMeta, paginationLinks } from "./article-seo.ts";

describe("article SEO", () => {
  const article = {
    type: "NewsArticle" as const,
    url: "https://shop.example/news/a",
    title: "Заголовок",
    description: "Кратко.",
    datePublished: "2026-10-01",
    dateModified: "2026-10-02T10:00:00.000Z",
    imageUrl: "https://shop.example/_ipx/f_jpeg,w_1200/content/covers/a.svg",
    publicUrl: "https://shop.example",
  };

  it("describes a news item as a NewsArticle published by the shop", () => {
    expect(articleJsonLd(article)).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "Заголовок",
      datePublished: "2026-10-01",
      image: [article.imageUrl],
      mainEntityOfPage: { "@type": "WebPage", "@id": article.url },
      publisher: { "@type": "Organization", name: "Аурум", logo: { url: "https://shop.example/logo.svg" } },
    });
    expect(articleJsonLd({ ...article, imageUrl: undefined, title: "Д".repeat(200) })).not.toHaveProperty("image");
    expect((articleJsonLd({ ...article, title: "Д".repeat(200) }).headline as string).length).toBe(110);
  });

  it("gives OpenGraph tags of an article beside the title and description", () => {
    const tags = articlePageMeta({
      title: "Заголовок",
      description: "Кратко.",
      url: article.url,
      imageUrl: article.imageUrl,
      publishedAt: "2026-10-01",
      modifiedAt: "2026-10-02",
    });
    expect(tags).toContainEqual({ title: "Заголовок — Аурум" });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
    expect(tags).toContainEqual({ property: "og:image", content: article.imageUrl });
    expect(tags).toContainEqual({ property: "article:published_time", content: "2026-10-01" });
  });

  it("links the previous and next pages of a list", () => {
    const href = (page: number) => (page === 1 ? "/news" : `/news/page/${page}`);
    expect(paginationLinks(1, 1, href)).toEqual([]);
    expect(paginationLinks(1, 3, href)).toEqual([{ tagName: "link", rel: "next", href: "/news/page/2" }]);
    expect(paginationLinks(2, 3, href)).toEqual([
      { tagName: "link", rel: "prev", href: "/news" },
      { tagName: "link", rel: "next", href: "/news/page/3" },
    ]);
    expect(paginationLinks(3, 3, href)).toEqual([{ tagName: "link", rel: "prev", href: "/news/page/2" }]);
  });
});
