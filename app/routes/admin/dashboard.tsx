import { Link } from "react-router";
import { databaseContext } from "#app/modules/request/context.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { staffContext } from "#app/modules/staff/context.ts";
import { loadDashboard } from "#app/modules/admin/dashboard.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminTable, FailedMessagesTable, NumberCell } from "#app/ui/admin/AdminList.tsx";
import type { Route } from "./+types/dashboard";

export const meta = () => adminMeta("Сводка");

export function loader({ context }: Route.LoaderArgs) {
  return loadDashboard(context.get(databaseContext).db, context.get(staffContext).role);
}

const orderLink = (number: string) => `/admin/orders/${encodeURIComponent(number)}`;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { shop, orders, lowStock } = loaderData;
  return (
    <>
      <h1 className={css.title}>Сводка</h1>
      <div className={css.cards}>
        {orders ? (
          <>
            <section className={css.card} data-testid="orders-today">
              <h2 className={css.cardTitle}>Заказы сегодня</h2>
              <p className={css.figure}>{formatMoney(orders.today.roubles)}</p>
              <p className={css.muted}>заказов: {orders.today.count}</p>
            </section>
            <section className={css.card} data-testid="orders-week">
              <h2 className={css.cardTitle}>За неделю</h2>
              <p className={css.figure}>{formatMoney(orders.thisWeek.roubles)}</p>
              <p className={css.muted}>заказов: {orders.thisWeek.count}</p>
              <p className={css.muted}>без отменённых, с понедельника</p>
            </section>
            <section className={css.card} data-testid="buyback-new">
              <h2 className={css.cardTitle}>Новые заявки на выкуп</h2>
              <p className={css.figure}>
                <Link to="/admin/buyback?status=new">{orders.newBuybackRequests}</Link>
              </p>
            </section>
            <section className={css.card} data-testid="returns-new">
              <h2 className={css.cardTitle}>Новые заявки на возврат</h2>
              <p className={css.figure}>
                <Link to="/admin/returns?status=new">{orders.newReturnRequests}</Link>
              </p>
            </section>
          </>
        ) : null}
        <section className={css.card} data-testid="sales-status">
          <h2 className={css.cardTitle}>Продажи</h2>
          <p className={shop.open ? css.figure : `${css.figure} ${css.warning}`}>{shop.open ? "Открыты" : "Приостановлены"}</p>
          {shop.paused ? (
            <p className={css.muted}>
              Пауза{shop.pauseNote ? `: ${shop.pauseNote}` : ""} (с {formatDateTime(shop.changedAt)})
            </p>
          ) : null}
          {!shop.quotesFresh ? <p className={css.warning}>Котировки устарели — заказы не принимаются</p> : null}
        </section>
        <section className={css.card} data-testid="quotes-status">
          <h2 className={css.cardTitle}>Котировки</h2>
          {shop.quotesTime ? (
            <>
              <p className={css.figure}>{shop.quotesAgeMinutes} мин назад</p>
              <p className={css.muted}>
                {shop.quotesSource}, {formatDateTime(shop.quotesTime)}
              </p>
            </>
          ) : (
            <p className={css.warning}>Котировок нет</p>
          )}
        </section>
      </div>
      {lowStock ? (
        <section className={css.section} data-testid="low-stock">
          <h2 className={css.sectionTitle}>Заканчиваются ({lowStock.total})</h2>
          {lowStock.rows.length === 0 ? (
            <p className={css.muted}>Всех монет достаточно</p>
          ) : (
            <>
              <AdminTable
                head={["Монета", "Артикул", "Осталось", "Порог"]}
                rows={lowStock.rows.map((coin) => (
                  <tr key={coin.id}>
                    <td>
                      <Link to={`/products/${coin.slug}`}>{coin.name}</Link>
                    </td>
                    <td className={css.number}>{coin.sku}</td>
                    <td className={coin.stock === 0 ? `${css.number} ${css.warning}` : css.number}>{coin.stock === 0 ? "нет" : `${coin.stock} шт.`}</td>
                    <td className={css.number}>{coin.threshold} шт.</td>
                  </tr>
                ))}
              />
              {lowStock.total > lowStock.rows.length ? <p className={css.muted}>Показаны {lowStock.rows.length} с наименьшим остатком.</p> : null}
            </>
          )}
        </section>
      ) : null}
      {orders ? (
        <>
          <section className={css.section} data-testid="awaiting-payment">
            <h2 className={css.sectionTitle}>Ждут оплаты ({orders.awaitingPayment.length})</h2>
            <OrderTable rows={orders.awaitingPayment} showDue />
          </section>
          <section className={css.section} data-testid="held-stock">
            <h2 className={css.sectionTitle}>Монеты в неоплаченных и неподтверждённых заказах</h2>
            {orders.heldStock.length === 0 ? (
              <p className={css.muted}>Нет</p>
            ) : (
              <AdminTable
                cards
                head={["Монета", "Держат, шт.", "На сумму", "Заказов", "Покупателей"]}
                rows={orders.heldStock.map((coin) => (
                  <tr key={coin.productId}>
                    <td data-label="Монета">{coin.name}</td>
                    <NumberCell label="Держат, шт.">{coin.pieces}</NumberCell>
                    <NumberCell label="На сумму">{formatMoney(coin.roubles)}</NumberCell>
                    <NumberCell label="Заказов">{coin.orders}</NumberCell>
                    <NumberCell label="Покупателей">{coin.buyers}</NumberCell>
                  </tr>
                ))}
              />
            )}
            <p className={css.muted}>Заказы «Ожидает оплаты», «Новый» (оплата при получении, до подтверждения) и «На проверке».</p>
          </section>
          <section className={css.section} data-testid="to-assemble">
            <h2 className={css.sectionTitle}>Собрать ({orders.toAssemble.length})</h2>
            <OrderTable rows={orders.toAssemble} />
          </section>
          <section className={css.section} data-testid="failed-notifications">
            <h2 className={css.sectionTitle}>Неотправленные сообщения ({orders.failedNotifications.length})</h2>
            {orders.failedNotifications.length === 0 ? <p className={css.muted}>Нет</p> : <FailedMessagesTable rows={orders.failedNotifications} />}
          </section>
        </>
      ) : null}
    </>
  );
}

type BriefOrder = {
  number: string;
  total: number;
  status: keyof typeof orderStatusLabels;
  createdAt: Date | string;
  paymentDueAt: Date | string | null;
  contact: { lastName: string; name: string };
};

function OrderTable({ rows, showDue = false }: { rows: BriefOrder[]; showDue?: boolean }) {
  if (rows.length === 0) return <p className={css.muted}>Нет</p>;
  const head = ["Заказ", "Создан", showDue ? "Оплатить до" : "Статус", "Покупатель", "Сумма"] as const;
  return (
    <AdminTable
      cards
      head={head}
      rows={rows.map((order) => (
        <tr key={order.number}>
          <NumberCell label={head[0]}>
            <Link to={orderLink(order.number)}>№{order.number}</Link>
          </NumberCell>
          <NumberCell label={head[1]}>{formatDateTime(order.createdAt)}</NumberCell>
          {showDue ? (
            <NumberCell label={head[2]}>{order.paymentDueAt ? formatDateTime(order.paymentDueAt) : "—"}</NumberCell>
          ) : (
            <td data-label={head[2]}>{orderStatusLabels[order.status]}</td>
          )}
          <td data-label={head[3]}>{[order.contact.lastName, order.contact.name].filter(Boolean).join(" ")}</td>
          <NumberCell label={head[4]}>{formatMoney(order.total)}</NumberCell>
        </tr>
      ))}
    />
  );
}
