import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Корзина", description: "Корзина: выбранные монеты, количество и сумма заказа." });

export default function Page() {
  return <PageHeader title="Корзина" crumbs={[{ name: "Корзина", href: "/cart" }]} />;
}
