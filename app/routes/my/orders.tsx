import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Мои заказы" });

export default function Orders() {
  return <PageHeader title="Мои заказы" crumbs={[{ name: "Личный кабинет", href: "/my" }, { name: "Заказы", href: "/my/orders" }]} />;
}
