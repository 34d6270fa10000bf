import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/promo-item";

export function loader({ params }: Route.LoaderArgs) {
  return { id: params.id ?? "" };
}

export const meta = () => pageMeta({ title: "Акции" });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PageHeader title="Акции" crumbs={[{ name: "Акции", href: "/promo" }, { name: loaderData.id, href: `/promo/${loaderData.id}` }]} />;
}
