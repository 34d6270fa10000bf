import { Link } from "react-router";
import { databaseContext } from "#app/modules/request/context.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { loadCustomer } from "#app/modules/admin/customers.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminTable } from "#app/ui/admin/AdminList.tsx";
import { BuybackListRow, buybackListHead, OrderListRow, orderListHead } from "#app/ui/admin/AdminRows.tsx";
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
                cards
                head={orderListHead(false)}
                rows={orders.map((order) => (
                  <OrderListRow key={order.number} order={order} />
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
                cards
                head={buybackListHead(false)}
                rows={buyback.map((row) => (
                  <BuybackListRow key={row.id} row={row} />
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
