import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/product";

export function loader({ params }: Route.LoaderArgs) {
  return { slug: params.slug };
}

export const meta = () => pageMeta({ title: "Монета" });

export default function Product({ loaderData }: Route.ComponentProps) {
  return <PageHeader title="Монета" crumbs={[{ name: "Каталог", href: "/catalog" }, { name: loaderData.slug, href: `/products/${loaderData.slug}` }]} />;
}
