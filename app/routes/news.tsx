import { pageMeta } from "#app/modules/seo/meta.ts";
import { parsePageNumber } from "#app/modules/shared/not-found.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/news";

/** /news and /news/page/{n}. */
export function loader({ params, url }: Route.LoaderArgs) {
  return { page: parsePageNumber(params.pageNumber, url.pathname) };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({ title: loaderData && loaderData.page > 1 ? `Новости — страница ${loaderData.page}` : "Новости" });

export default function News({ loaderData }: Route.ComponentProps) {
  return <PageHeader title={loaderData.page > 1 ? `Новости — страница ${loaderData.page}` : "Новости"} crumbs={[{ name: "Новости", href: "/news" }]} />;
}
