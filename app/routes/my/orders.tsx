import { Link } from "react-router";
import { accountUser } from "#app/modules/auth/require-user.server.ts";
import { listOrders } from "#app/modules/orders/place-order.server.ts";
import { refundedByOrder } from "#app/modules/orders/refunded.server.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import * as css from "#app/ui/checkout/checkout.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/orders";

export async function loader({ context }: Route.LoaderArgs) {
  const user = accountUser(context);
  const { db } = context.get(databaseContext);
  const orders = await listOrders(db, user.id);
  const refunded = await refundedByOrder(
    db,
    orders.map((order) => order.id),
  );
  return {
    orders: orders.map((order) => {
      const back = refunded.get(order.id)?.amount ?? 0;
      // After a refund the sum is what the order came to, as on its page; the refund is named beside it.
      return { id: order.id, number: order.number, createdAt: order.createdAt.toISOString(), status: order.status, total: order.total - back, refunded: back };
    }),
  };
}

export const meta = () => [...pageMeta({ title: "Мои заказы" }), { name: "robots", content: "noindex" }];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <>
      <PageHeader
        title="Мои заказы"
        crumbs={[
          { name: "Личный кабинет", href: "/my" },
          { name: "Заказы", href: "/my/orders" },
        ]}
      />
      {orders.length === 0 ? (
        <p>
          Заказов пока нет. <Link to="/catalog">Перейти в каталог</Link>
        </p>
      ) : (
        <table className={css.table} data-testid="orders">
          <thead>
            <tr>
              <th className={css.cell}>Номер</th>
              <th className={css.cell}>Дата</th>
              <th className={css.cell}>Статус</th>
              <th className={css.numberCell}>Сумма</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <td className={css.cell}>
                  <Link to={`/my/orders/${order.id}`}>№{order.number}</Link>
                </td>
                <td className={css.cell}>{formatDateTime(order.createdAt)}</td>
                <td className={css.cell}>{orderStatusLabels[order.status]}</td>
                <td className={css.numberCell} data-testid="order-sum">
                  {formatMoney(order.total)}
                  {order.refunded > 0 ? (
                    <>
                      <br />
                      <span className={css.muted}>возвращено {formatMoney(order.refunded)}</span>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
