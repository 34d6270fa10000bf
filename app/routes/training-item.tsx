import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/training-item";

/** A training article: /training/{slug}, and the legacy ids registered as their own paths. */
export function loader({ url }: Route.LoaderArgs) {
  const slug = url.pathname.replace(/^\/training\//, "");
  return { slug };
}

export const meta = () => pageMeta({ title: "Обучение для начинающих" });

export default function TrainingArticle({ loaderData }: Route.ComponentProps) {
  return (
    <PageHeader
      title="Обучение для начинающих"
      crumbs={[{ name: "Обучение для начинающих", href: "/training" }, { name: loaderData.slug, href: `/training/${loaderData.slug}` }]}
    />
  );
}
