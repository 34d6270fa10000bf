import { listActiveProducts } from "../catalog/products.server.ts";
import { listSections, sectionHref } from "../catalog/sections.server.ts";
import { listArticleAddresses } from "../content/articles.server.ts";
import { listPagePaths } from "../content/pages.server.ts";
import { articleHref, promotionHref } from "../content/paths.ts";
import { listPromotionAddresses } from "../content/promotions.server.ts";
import type { Database } from "../db/client.server.ts";
import { escapeMarkup } from "../shared/escape-markup.ts";
import { type ChangeFrequency, sitemapOf } from "./sitemap-handle.ts";

export type SitemapEntry = { path: string; lastModified?: Date; changeFrequency?: ChangeFrequency };

/**
 * A source of sitemap entries whose addresses come from the database; each concern that owns
 * such pages adds one here. (A route's `handle` cannot hold these: handles ship to the
 * browser, and these need the database; decision 028.)
 */
export type SitemapSource = (db: Database) => Promise<SitemapEntry[]>;

export const sitemapSources: SitemapSource[] = [
  async (db) => (await listSections(db)).map((section) => ({ path: sectionHref(section.path), changeFrequency: "daily" as const })),
  async (db) => (await listPagePaths(db)).map((page) => ({ path: `/${page.path}`, lastModified: page.updatedAt, changeFrequency: "monthly" as const })),
  async (db) =>
    (await listArticleAddresses(db)).map((article) => ({
      path: articleHref(article.kind, article.slug),
      lastModified: article.updatedAt,
      changeFrequency: "monthly" as const,
    })),
  async (db) =>
    (await listPromotionAddresses(db)).map((promotion) => ({
      path: promotionHref(promotion.id),
      lastModified: promotion.updatedAt,
      changeFrequency: "weekly" as const,
    })),
  async (db) =>
    (await listActiveProducts(db)).map((product) => ({
      path: `/products/${encodeURIComponent(product.slug)}`,
      lastModified: product.updatedAt,
      changeFrequency: "daily" as const,
    })),
];

/** The pages with a fixed address whose route's `handle` asks to be listed (SitemapHandle), in route order. */
export function fixedSitemapPages(routes: Array<{ pattern: string; handle: unknown }>): SitemapEntry[] {
  return routes.flatMap((route) => {
    const sitemap = sitemapOf(route.handle);
    return sitemap ? [{ path: route.pattern, ...(sitemap.changeFrequency ? { changeFrequency: sitemap.changeFrequency } : {}) }] : [];
  });
}

/** The fixed pages first, then each source's; an address listed twice is kept once. */
export async function collectSitemapEntries(db: Database, fixedPages: SitemapEntry[]): Promise<SitemapEntry[]> {
  const lists = [fixedPages, ...(await Promise.all(sitemapSources.map((source) => source(db))))];
  const seen = new Set<string>();
  return lists.flat().filter((entry) => (seen.has(entry.path) ? false : (seen.add(entry.path), true)));
}

export function renderSitemap(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const parts = [`<loc>${escapeMarkup(publicUrl + entry.path)}</loc>`];
    if (entry.lastModified) parts.push(`<lastmod>${entry.lastModified.toISOString()}</lastmod>`);
    if (entry.changeFrequency) parts.push(`<changefreq>${entry.changeFrequency}</changefreq>`);
    return `  <url>${parts.join("")}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt: crawl the catalogue and content, not the buyer's own pages, nor filtered or search URLs. */
export function renderRobots(publicUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /my",
    "Disallow: /login",
    "Disallow: /cabinet/",
    "Disallow: /thanks",
    "Disallow: /payment-error",
    "Disallow: /wishlist",
    "Disallow: /product-comparison",
    "Disallow: /search",
    "Disallow: /api/",
    "Disallow: /*?",
    "Allow: /",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
