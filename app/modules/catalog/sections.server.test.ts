import { describe, expect, it } from "vitest";
import routes from "../../routes.ts";
import { demoCatalogSections } from "../seed/catalog-sections.server.ts";
import { parseCatalogPath, sectionCrumbs, type CatalogSection } from "./sections.server.ts";

const sections = demoCatalogSections.map((section) => ({ description: "", filter: {}, parentPath: null, position: 0, ...section })) as CatalogSection[];

/** The paths of the routes as written, each joined to its parents' (the back office's "catalog" is /admin/catalog). */
function routePaths(entries: typeof routes, parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? (parent ? `${parent}/${entry.path}` : entry.path) : parent;
    return [...(entry.path ? [path] : []), ...routePaths((entry.children ?? []) as typeof routes, path)];
  });
}

describe("parseCatalogPath", () => {
  it.each([
    ["/catalog", "", undefined],
    ["/catalog/page/3", "", "3"],
    ["/catalog/gold", "gold", undefined],
    ["/catalog/gold/page/2", "gold", "2"],
    ["/catalog/gold/monety-georgiy-pobedonosec/50-rub", "gold/monety-georgiy-pobedonosec/50-rub", undefined],
  ])("%s → section %j, page %j", (pathname, sectionPath, pageNumber) => {
    expect(parseCatalogPath(pathname)).toEqual({ sectionPath, pageNumber });
  });
});

describe("catalogue sections", () => {
  it("has a seeded section for every fixed catalogue route, and a route for every nested section", () => {
    const fixedRoutes = routePaths(routes)
      .filter((path) => path.startsWith("catalog/") && !path.includes(":"))
      .map((path) => path.slice("catalog/".length));
    const seeded = new Set(sections.map((section) => section.path));
    for (const path of fixedRoutes) expect(seeded, path).toContain(path);
    for (const section of sections.filter((s) => s.path.includes("/"))) expect(fixedRoutes, section.path).toContain(section.path);
  });

  it("covers the spec's spellings of both type pages exactly", () => {
    const seeded = sections.map((section) => section.path);
    expect(seeded).toContain("bullion-coins/georgij-pobedonosec");
    expect(seeded).toContain("gold/monety-georgiy-pobedonosec");
    expect(seeded).toContain("silver/monety-georgiy-pobedonosec");
  });

  it("builds breadcrumbs from the catalogue down", () => {
    const section = sections.find((s) => s.path === "gold/monety-georgiy-pobedonosec/50-rub")!;
    expect(sectionCrumbs(sections, section).map((crumb) => crumb.href)).toEqual([
      "/catalog",
      "/catalog/gold",
      "/catalog/gold/monety-georgiy-pobedonosec",
      "/catalog/gold/monety-georgiy-pobedonosec/50-rub",
    ]);
  });

  it("stops at a parent loop in edited data", () => {
    const looped = [
      { ...sections[0]!, path: "a", parentPath: "b" },
      { ...sections[0]!, path: "b", parentPath: "a" },
    ];
    expect(sectionCrumbs(looped, looped[0]!).length).toBeLessThanOrEqual(8);
  });
});
