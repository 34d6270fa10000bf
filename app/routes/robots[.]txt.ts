import { getConfig } from "#app/modules/config/config.server.ts";
import { renderRobots } from "#app/modules/seo/sitemap.server.ts";

export function loader() {
  return new Response(renderRobots(getConfig().publicUrl), {
    // Cache-Control: app/modules/request/cache-policy.ts.
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
