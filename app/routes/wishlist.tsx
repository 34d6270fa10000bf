import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Избранное", description: "Монеты, которые вы отложили, чтобы вернуться к ним позже." });

export default function Page() {
  return <PageHeader title="Избранное" crumbs={[{ name: "Избранное", href: "/wishlist" }]} />;
}
