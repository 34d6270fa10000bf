import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Акции", description: "Акции и специальные предложения на монеты из золота и серебра." });

export default function Page() {
  return <PageHeader title="Акции" crumbs={[{ name: "Акции", href: "/promo" }]} />;
}
