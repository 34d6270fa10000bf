import { asc } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { catalogSections } from "../db/schema.ts";
import type { Crumb } from "../shared/crumb.ts";
import { createReadCache } from "../shared/read-cache.ts";

export type CatalogSection = typeof catalogSections.$inferSelect;

/** Every catalogue page reads the sections; they change only with the catalogue's data. Read-only. */
const sectionsCache = createReadCache<CatalogSection[]>({ tag: "catalog" });

/**
 * Where a catalogue URL points: the section path below /catalog and the page.
 * "/catalog/gold/rf" → { sectionPath: "gold/rf", page: "1" }, "/catalog/page/3" → { "", "3" }.
 */
export function parseCatalogPath(pathname: string): { sectionPath: string; pageNumber: string | undefined } {
  const rest = pathname.replace(/^\/catalog\/?/, "").replace(/\/+$/, "");
  const paged = /^(?:(.*)\/)?page\/([^/]+)$/.exec(rest);
  if (paged) return { sectionPath: paged[1] ?? "", pageNumber: paged[2] };
  return { sectionPath: rest, pageNumber: undefined };
}

export async function findSection(db: Database, path: string): Promise<CatalogSection | undefined> {
  return (await listSections(db)).find((section) => section.path === path);
}

/** Every section in order (cached for a short time: do not change the list). */
export async function listSections(db: Database): Promise<CatalogSection[]> {
  return sectionsCache.get(db, "all", () => db.select().from(catalogSections).orderBy(asc(catalogSections.position)));
}

export function sectionHref(path: string): string {
  return path ? `/catalog/${path}` : "/catalog";
}

/** Breadcrumbs of a section: the catalogue, each parent, then the section itself. */
export function sectionCrumbs(all: CatalogSection[], section: CatalogSection): Crumb[] {
  const byPath = new Map(all.map((item) => [item.path, item]));
  const chain: CatalogSection[] = [section];
  let parentPath = section.parentPath;
  // A guard against a loop in edited data: sections are at most four levels deep.
  while (parentPath !== null && chain.length < 8) {
    const parent = byPath.get(parentPath);
    if (!parent) break;
    chain.unshift(parent);
    parentPath = parent.parentPath;
  }
  return chain.map((item) => ({ name: item.name, href: sectionHref(item.path) }));
}
