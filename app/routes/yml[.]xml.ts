import { getConfig } from "#app/modules/config/config.server.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { renderYmlFeed } from "#app/modules/seo/yml.server.ts";
import type { Route } from "./+types/yml[.]xml";

/** The Yandex Market Language feed of the active catalogue at the current prices. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const rates = (await getQuotesService()).rates();
  const xml = await renderYmlFeed(db, rates, getConfig().publicUrl);
  return new Response(xml, {
    // Cache-Control: app/modules/request/cache-policy.ts.
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
