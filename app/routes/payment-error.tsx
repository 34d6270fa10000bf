import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Оплата не прошла", description: "Оплата заказа не прошла: попробуйте ещё раз или выберите другой способ." });

export default function Page() {
  return <PageHeader title="Оплата не прошла" crumbs={[{ name: "Оплата не прошла", href: "/payment-error" }]} />;
}
