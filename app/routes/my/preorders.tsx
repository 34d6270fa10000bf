import { Form, Link } from "react-router";
import { formatOpening } from "#app/modules/launches/launch.ts";
import { preorderStatusText, preorderTexts } from "#app/modules/preorders/preorders.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { formatDateTime } from "#app/modules/shared/format.ts";
import { handlePreorderForm, loadBuyerPreorders } from "#app/modules/storefront/preorder.server.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import * as css from "./my.css.ts";
import type { Route } from "./+types/preorders";

export function loader({ context }: Route.LoaderArgs) {
  return loadBuyerPreorders(context);
}

/** The coin page's «Оформить предзаказ» and this page's «Отменить» post here (decision 062). */
export function action({ request, context }: Route.ActionArgs) {
  return handlePreorderForm(request, context);
}

export const meta = () => [...pageMeta({ title: "Предзаказы" }), { name: "robots", content: "noindex" }];

export default function Preorders({ loaderData }: Route.ComponentProps) {
  const { preorders } = loaderData;
  return (
    <>
      <PageHeader
        title="Предзаказы"
        crumbs={[
          { name: "Личный кабинет", href: "/my" },
          { name: "Предзаказы", href: "/my/preorders" },
        ]}
      />
      {preorders.length === 0 ? (
        <p>
          Предзаказов нет. Предзаказ можно оформить на странице монеты, которая скоро поступит в продажу. <Link to="/new-issues">Новинки и анонсы</Link>
        </p>
      ) : (
        <ul className={css.alertList} data-testid="preorders" id="preorder">
          {preorders.map((row) => (
            <li key={row.id} className={css.alertItem} data-testid="preorder">
              <div>
                <Link to={`/products/${row.slug}`}>{row.coinName}</Link>
                <p className={css.alertFacts}>
                  {row.quantity} шт. · {preorderStatusText(row.status, row.closedReason, row.cancelReason)}
                  {row.place !== null ? ` · ${row.place}-е место в очереди` : ""} · оформлен {formatDateTime(row.createdAt)}
                </p>
                {row.status === "waiting" && row.salesOpenAt ? (
                  <p className={css.alertFacts}>
                    Старт продаж {formatOpening(row.salesOpenAt)}. {preorderTexts.price(row.expectedPrice)}
                  </p>
                ) : null}
                {row.orderId && row.orderNumber ? (
                  <p className={css.alertFacts}>
                    <Link to={`/my/orders/${row.orderId}`}>Заказ №{row.orderNumber}</Link>
                  </p>
                ) : null}
              </div>
              {row.status === "waiting" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="preorderId" value={row.id} />
                  <button type="submit" className={css.logout} aria-label={`Отменить предзаказ: ${row.coinName}`}>
                    Отменить
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className={css.note}>
        В момент старта продаж предзаказы обслуживаются в порядке очереди, пока есть монеты: на каждый создаётся заказ с самовывозом из офиса, который нужно
        оплатить онлайн в срок. Если заказ не оплатят, монета переходит к следующему в очереди.
      </p>
    </>
  );
}
