import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Оформление заказа", description: "Оформление заказа: контакты, доставка, оплата." });

export default function Page() {
  return <PageHeader title="Оформление заказа" crumbs={[{ name: "Оформление заказа", href: "/checkout" }]} />;
}
