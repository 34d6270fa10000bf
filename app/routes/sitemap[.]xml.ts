import { getConfig } from "#app/modules/config/config.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { collectSitemapEntries, renderSitemap } from "#app/modules/seo/sitemap.server.ts";
import type { Route } from "./+types/sitemap[.]xml";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const xml = renderSitemap(getConfig().publicUrl, await collectSitemapEntries(db));
  return new Response(xml, {
    // Cache-Control: app/modules/request/cache-policy.ts.
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
