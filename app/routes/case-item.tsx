import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/case-item";

export function loader({ params }: Route.LoaderArgs) {
  return { slug: params.slug ?? "" };
}

export const meta = () => pageMeta({ title: "Кейсы" });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PageHeader title="Кейсы" crumbs={[{ name: "Кейсы", href: "/cases" }, { name: loaderData.slug, href: `/cases/${loaderData.slug}` }]} />;
}
