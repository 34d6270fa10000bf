/**
 * Per-route facts read from the routes' `handle` exports (docs/decisions/028-route-facts-in-handle.md).
 * Pure: given the route manifest (id, parent, path, the module's handle), it answers by
 * React Router's route pattern or lists the routes with a fixed address.
 */
export type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { handle?: unknown };
};

/** React Router's pattern as middleware sees it ("api/cart/:id"), written with one leading slash. */
export function normalizePattern(pattern: string): string {
  return `/${pattern.replace(/^\/+|\/+$/g, "")}`.replace(/\/{2,}/g, "/");
}

export type RouteFact = { id: string; pattern: string; handle: unknown; ancestors: string[] };

export function routeFacts(manifest: ManifestRoute[]) {
  const byId = new Map(manifest.map((route) => [route.id, route]));
  const chain = (route: ManifestRoute): ManifestRoute[] => {
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    return parent ? [...chain(parent), route] : [route];
  };
  // Leaves only: a layout or a parent with children is never the route a request ends on.
  const parents = new Set(manifest.map((route) => route.parentId).filter(Boolean));
  const leaves: RouteFact[] = manifest
    .filter((route) => !parents.has(route.id))
    .map((route) => {
      const routes = chain(route);
      return {
        id: route.id,
        pattern: normalizePattern(
          routes
            .map((r) => r.path ?? "")
            .filter(Boolean)
            .join("/"),
        ),
        handle: route.module.handle,
        ancestors: routes.slice(0, -1).map((r) => r.id),
      };
    });
  const byPattern = new Map<string, RouteFact>();
  for (const leaf of leaves) if (!byPattern.has(leaf.pattern)) byPattern.set(leaf.pattern, leaf);
  return {
    leaves,
    /** The leaf route a request of this pattern ends on. */
    byPattern: (pattern: string): RouteFact | undefined => byPattern.get(normalizePattern(pattern)),
    /** Leaves whose address has no parameter or splat: the pages a sitemap can list as they are. */
    fixedAddresses: (): RouteFact[] => leaves.filter((leaf) => !/[:*]/.test(leaf.pattern)),
  };
}
