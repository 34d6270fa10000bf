import { Link } from "react-router";
import { accountUser } from "#app/modules/auth/require-user.server.ts";
import { fullNameOf } from "#app/modules/auth/profile.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  const user = accountUser(context);
  return { name: fullNameOf(user), email: user.email };
}

export const meta = () => [...pageMeta({ title: "Личный кабинет" }), { name: "robots", content: "noindex" }];

export default function Account({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Личный кабинет" crumbs={[{ name: "Личный кабинет", href: "/my" }]} />
      <p>Здравствуйте{loaderData.name ? `, ${loaderData.name}` : ""}!</p>
      <ul>
        <li>
          <Link to="/my/orders">Мои заказы</Link> — статус, состав и оплата
        </li>
        <li>
          <Link to="/my/preorders">Предзаказы</Link> — место в очереди на монеты, которые скоро поступят в продажу
        </li>
        <li>
          <Link to="/my/profile">Личные данные</Link> — имя и e-mail для чеков и уведомлений
        </li>
        <li>
          <Link to="/wishlist">Избранное</Link> — монеты, отложенные на потом
        </li>
      </ul>
      {!loaderData.email ? (
        <p>
          Чтобы получать чеки и уведомления о заказах, <Link to="/my/profile/edit">укажите e-mail</Link>.
        </p>
      ) : null}
    </>
  );
}
