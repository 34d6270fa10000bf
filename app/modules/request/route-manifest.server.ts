import { routes } from "virtual:react-router/server-build";
import { routeFacts, type ManifestRoute } from "./route-facts.ts";

/**
 * The built route table (app/routes.ts with each module's `handle`), for what the server
 * needs to know about a route before or besides running it: the /api guards and the
 * sitemap (docs/decisions/028-route-facts-in-handle.md). Read from React Router's own
 * server build, so there is no second list of routes to keep in step.
 */
let facts: ReturnType<typeof routeFacts> | undefined;

export function builtRouteFacts(): ReturnType<typeof routeFacts> {
  facts ??= routeFacts(Object.values(routes) as ManifestRoute[]);
  return facts;
}
