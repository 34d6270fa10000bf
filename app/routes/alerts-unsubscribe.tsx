import { Form, Link, redirect } from "react-router";
import { findAlertByToken, removeAlertByToken } from "#app/modules/alerts/alerts.server.ts";
import { flashHeader } from "#app/modules/flash/flash.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/alerts-unsubscribe";

/** The e-mail's unsubscribe link: a GET only shows what would be removed; the button removes it (no GET changes state). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const alert = await findAlertByToken(context.get(databaseContext).db, params.token);
  return { alert: alert ? { name: alert.product.name, slug: alert.product.slug, kind: alert.kind, threshold: alert.threshold } : null };
}

export async function action({ params, context }: Route.ActionArgs) {
  const removed = await removeAlertByToken(context.get(databaseContext).db, params.token);
  return redirect("/", {
    status: 303,
    headers: {
      "Set-Cookie": await flashHeader(
        removed ? { kind: "success", message: "Вы отписались от уведомления." } : { kind: "error", message: "Уведомление уже удалено." },
      ),
    },
  });
}

export const meta = () => [...pageMeta({ title: "Отписаться от уведомления" }), { name: "robots", content: "noindex" }];

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { alert } = loaderData;
  return (
    <>
      <PageHeader title="Отписаться от уведомления" crumbs={[{ name: "Отписаться от уведомления", href: "." }]} />
      {alert ? (
        <Form method="post" data-testid="unsubscribe">
          <p>
            Больше не сообщать {alert.kind === "price_below" ? `о снижении цены ниже ${formatMoney(alert.threshold ?? 0)}` : "о поступлении"} монеты «
            <Link to={`/products/${alert.slug}`}>{alert.name}</Link>»?
          </p>
          <button type="submit" className={button}>
            Отписаться
          </button>
        </Form>
      ) : (
        <p>
          Это уведомление уже удалено или ссылка неверна. Свои уведомления можно посмотреть в <Link to="/my/alerts">личном кабинете</Link>.
        </p>
      )}
    </>
  );
}
