import { Link } from "react-router";
import { requireUser } from "#app/modules/auth/require-user.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/orders";

export function loader({ request, url, context }: Route.LoaderArgs) {
  requireUser(url, context);
  return null;
}

export const meta = () => [...pageMeta({ title: "Мои заказы" }), { name: "robots", content: "noindex" }];

export default function Orders() {
  return (
    <>
      <PageHeader title="Мои заказы" crumbs={[{ name: "Личный кабинет", href: "/my" }, { name: "Заказы", href: "/my/orders" }]} />
      <p>
        Заказов пока нет. <Link to="/catalog">Перейти в каталог</Link>
      </p>
    </>
  );
}
