import { Link } from "react-router";
import { buybackStatusLabels } from "#app/modules/buyback/statuses.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { loadCustomer } from "#app/modules/staff/customers.server.ts";
import { adminMeta } from "#app/modules/staff/meta.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminTable, BuybackCoinsCell } from "#app/ui/admin/AdminList.tsx";
import type { Route } from "./+types/customer";

export const meta = () => adminMeta("Покупатель");

export function loader({ params, context }: Route.LoaderArgs) {
  return loadCustomer(context.get(databaseContext).db, params.id);
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { customer, orders, orderCount, orderRoubles, buyback } = loaderData;
  const fullName = [customer.lastName, customer.name, customer.secondName].filter(Boolean).join(" ");
  return (
    <>
      <p className={css.muted}>
        <Link to="/admin/customers">← Покупатели</Link>
      </p>
      <h1 className={css.title}>{fullName || formatPhone(customer.phone)}</h1>
      <div className={css.columns}>
        <div>
          <section className={css.section} data-testid="customer-orders">
            <h2 className={css.sectionTitle}>Заказы ({orderCount})</h2>
            {orders.length === 0 ? (
              <p className={css.muted}>Заказов нет</p>
            ) : (
              <AdminTable
                head={["Заказ", "Создан", "Статус", "Город", "Сумма"]}
                rows={orders.map((order) => (
                  <tr key={order.number}>
                    <td className={css.number}>
                      <Link to={`/admin/orders/${encodeURIComponent(order.number)}`}>№{order.number}</Link>
                    </td>
                    <td className={css.number}>{formatDateTime(order.createdAt)}</td>
                    <td>
                      <span className={css.status}>{orderStatusLabels[order.status]}</span>
                    </td>
                    <td>{order.city.name}</td>
                    <td className={css.number}>{formatMoney(order.total)}</td>
                  </tr>
                ))}
              />
            )}
          </section>
          <section className={css.section} data-testid="customer-buyback">
            <h2 className={css.sectionTitle}>Заявки на выкуп ({buyback.length})</h2>
            {buyback.length === 0 ? (
              <p className={css.muted}>Заявок нет</p>
            ) : (
              <AdminTable
                head={["Заявка", "Создана", "Статус", "Монеты", "Цена"]}
                rows={buyback.map((row) => (
                  <tr key={row.id}>
                    <td className={css.number}>
                      <Link to={`/admin/buyback/${row.id}`}>{row.quoteNumber}</Link>
                    </td>
                    <td className={css.number}>{formatDateTime(row.createdAt)}</td>
                    <td>
                      <span className={css.status}>{buybackStatusLabels[row.status]}</span>
                    </td>
                    <BuybackCoinsCell row={row} />
                    <td className={css.number}>{row.total === null ? "—" : formatMoney(row.total)}</td>
                  </tr>
                ))}
              />
            )}
          </section>
        </div>
        <section className={css.section} data-testid="customer-profile">
          <h2 className={css.sectionTitle}>Профиль</h2>
          <dl className={css.facts}>
            <dt>Телефон</dt>
            <dd className={css.number}>{formatPhone(customer.phone)}</dd>
            <dt>Фамилия</dt>
            <dd>{customer.lastName || "—"}</dd>
            <dt>Имя</dt>
            <dd>{customer.name || "—"}</dd>
            <dt>Отчество</dt>
            <dd>{customer.secondName || "—"}</dd>
            <dt>E-mail</dt>
            <dd>{customer.email || "—"}</dd>
            <dt>Зарегистрирован</dt>
            <dd>{formatDateTime(customer.createdAt)}</dd>
            <dt>Куплено</dt>
            <dd>{formatMoney(orderRoubles)} (без отменённых)</dd>
          </dl>
        </section>
      </div>
    </>
  );
}
