import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Кейсы", description: "Истории покупателей: как они выбирали и покупали монеты." });

export default function Page() {
  return <PageHeader title="Кейсы" crumbs={[{ name: "Кейсы", href: "/cases" }]} />;
}
