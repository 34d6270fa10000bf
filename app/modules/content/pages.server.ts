import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { pages } from "../db/schema.ts";
import { createReadCache } from "../shared/read-cache.ts";
import { isPagePath } from "./content-files.ts";

export type Page = typeof pages.$inferSelect;

/** Content changes only by import (a missing path is remembered too: paths come from URLs, the cache is bounded). */
const pageCache = createReadCache<Page | undefined>({ tag: "content" });

/**
 * A page by its path without slashes at the ends ("about", "docs/oferta"); cached for a short
 * time. A path no page can have (what the import refuses) is not looked up nor remembered:
 * any address reaches here, and misses would push real pages out of the cache.
 */
export async function findPage(db: Database, path: string): Promise<Page | undefined> {
  if (!isPagePath(path)) return undefined;
  return pageCache.get(db, path, async () => {
    const [page] = await db
      .select()
      .from(pages)
      .where(and(eq(pages.path, path), eq(pages.published, true)))
      .limit(1);
    return page;
  });
}

export async function listPagePaths(db: Database): Promise<{ path: string; updatedAt: Date }[]> {
  return db.select({ path: pages.path, updatedAt: pages.updatedAt }).from(pages).where(eq(pages.published, true)).orderBy(asc(pages.path));
}
