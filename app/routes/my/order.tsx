import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/order";

export function loader({ params }: Route.LoaderArgs) {
  return { id: params.id };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta({ title: `Заказ № ${loaderData?.id ?? ""}` });

export default function Order({ loaderData }: Route.ComponentProps) {
  return (
    <PageHeader
      title={`Заказ № ${loaderData.id}`}
      crumbs={[{ name: "Личный кабинет", href: "/my" }, { name: "Заказы", href: "/my/orders" }, { name: `№ ${loaderData.id}`, href: `/my/orders/${loaderData.id}` }]}
    />
  );
}
