/**
 * A page with a fixed address says in its `handle` that the sitemap lists it, and how often it
 * changes: `export const handle = { sitemap: { changeFrequency: "daily" } } satisfies SitemapHandle`.
 * The sitemap reads the built route table for them (sitemap.server.ts, decision 028); pages
 * whose addresses come from the database are listed by the sitemap's sources instead.
 */
export type ChangeFrequency = "hourly" | "daily" | "weekly" | "monthly";

export type SitemapHandle = { sitemap?: { changeFrequency?: ChangeFrequency } };

/** The sitemap part of a route's handle, if it has one. */
export function sitemapOf(handle: unknown): SitemapHandle["sitemap"] {
  return handle && typeof handle === "object" ? (handle as SitemapHandle).sitemap : undefined;
}
