import { findSection, listSections, parseCatalogPath, sectionCrumbs } from "#app/modules/catalog/sections.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { pageNotFound, parsePageNumber } from "#app/modules/shared/not-found.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/catalog";

/** Every catalogue URL of spec section 2: the whole catalogue, categories, fixed sections and type pages. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  // `url`, not `request.url`: React Router 8 passes data requests raw (/catalog.data).
  const { pathname } = url;
  const { sectionPath, pageNumber } = parseCatalogPath(pathname);
  const page = parsePageNumber(pageNumber, pathname);
  const section = await findSection(db, sectionPath);
  if (!section) pageNotFound(pathname);
  const crumbs = sectionCrumbs(await listSections(db), section);
  return { title: section.title, description: section.description, crumbs, page };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const suffix = loaderData.page > 1 ? ` — страница ${loaderData.page}` : "";
  return pageMeta({ title: loaderData.title + suffix, description: loaderData.description || undefined });
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { title, crumbs, page } = loaderData;
  return <PageHeader title={page > 1 ? `${title} — страница ${page}` : title} crumbs={crumbs} />;
}
