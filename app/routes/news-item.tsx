import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/news-item";

export function loader({ params }: Route.LoaderArgs) {
  return { slug: params.slug ?? "" };
}

export const meta = () => pageMeta({ title: "Новости" });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PageHeader title="Новости" crumbs={[{ name: "Новости", href: "/news" }, { name: loaderData.slug, href: `/news/${loaderData.slug}` }]} />;
}
