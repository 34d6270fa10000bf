import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Спасибо за заказ", description: "Заказ оформлен и оплачен." });

export default function Page() {
  return <PageHeader title="Спасибо за заказ" crumbs={[{ name: "Спасибо за заказ", href: "/thanks" }]} />;
}
