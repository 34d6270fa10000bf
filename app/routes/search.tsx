import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/search";

export function loader({ request }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  return { query };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({ title: loaderData?.query ? `Поиск: ${loaderData.query}` : "Поиск по каталогу" });

export default function Search({ loaderData }: Route.ComponentProps) {
  const title = loaderData.query ? `Результаты поиска «${loaderData.query}»` : "Поиск по каталогу";
  return <PageHeader title={title} crumbs={[{ name: "Поиск", href: "/search" }]} />;
}
