import { Link } from "react-router";
import { accountUser } from "#app/modules/auth/require-user.server.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import * as css from "./my.css.ts";
import type { Route } from "./+types/profile";

export function loader({ context }: Route.LoaderArgs) {
  const user = accountUser(context);
  return { lastName: user.lastName, name: user.name, secondName: user.secondName, email: user.email, phone: formatPhone(user.phone) };
}

export const meta = () => [...pageMeta({ title: "Личные данные" }), { name: "robots", content: "noindex" }];

export default function Profile({ loaderData }: Route.ComponentProps) {
  const rows: [string, string][] = [
    ["Фамилия", loaderData.lastName],
    ["Имя", loaderData.name],
    ["Отчество", loaderData.secondName],
    ["E-mail", loaderData.email],
    ["Телефон", loaderData.phone],
  ];
  return (
    <>
      <PageHeader
        title="Личные данные"
        crumbs={[
          { name: "Личный кабинет", href: "/my" },
          { name: "Личные данные", href: "/my/profile" },
        ]}
      />
      <dl className={css.facts}>
        {rows.map(([name, value]) => (
          <div key={name} className={css.fact}>
            <dt>{name}</dt>
            <dd>{value || "не указано"}</dd>
          </div>
        ))}
      </dl>
      <Link to="/my/profile/edit">Изменить</Link>
    </>
  );
}
