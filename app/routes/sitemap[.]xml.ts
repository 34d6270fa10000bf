import { getConfig } from "#app/modules/config/config.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { builtRouteFacts } from "#app/modules/request/route-manifest.server.ts";
import { collectSitemapEntries, fixedSitemapPages, renderSitemap } from "#app/modules/seo/sitemap.server.ts";
import type { Route } from "./+types/sitemap[.]xml";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  // Fixed pages from their routes' handles (decision 028), then the database's pages.
  const fixedPages = fixedSitemapPages(builtRouteFacts().fixedAddresses());
  const xml = renderSitemap(getConfig().publicUrl, await collectSitemapEntries(db, fixedPages));
  return new Response(xml, {
    // Cache-Control: app/modules/request/cache-policy.ts.
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
