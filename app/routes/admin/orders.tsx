import { Form, Link } from "react-router";
import { orderStatuses } from "#app/modules/db/schema.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { adminMeta } from "#app/modules/staff/meta.ts";
import { orderListHref, parseOrderFilters } from "#app/modules/staff/order-filters.ts";
import { searchOrders } from "#app/modules/staff/order-search.server.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { Pagination } from "#app/ui/kit/Pagination.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/orders";

export const meta = () => adminMeta("Заказы");

export async function loader({ url, context }: Route.LoaderArgs) {
  const { filters, errors } = parseOrderFilters(url.searchParams);
  return { filters, errors, result: await searchOrders(context.get(databaseContext).db, filters) };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filters, errors, result } = loaderData;
  return (
    <>
      <h1 className={css.title}>Заказы</h1>
      <Form method="get" className={css.filters} role="search">
        <label className={css.filterField}>
          Статус
          <select name="status" defaultValue={filters.status ?? ""} className={css.control}>
            <option value="">все</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {orderStatusLabels[status]}
              </option>
            ))}
          </select>
        </label>
        <label className={css.filterField}>
          С
          <input type="date" name="from" defaultValue={filters.from ?? ""} className={css.control} />
        </label>
        <label className={css.filterField}>
          По
          <input type="date" name="to" defaultValue={filters.to ?? ""} className={css.control} />
        </label>
        <label className={css.filterField}>
          Номер, телефон или фамилия
          <input type="search" name="q" defaultValue={filters.q ?? ""} className={css.control} maxLength={100} />
        </label>
        <button type="submit" className={button}>
          Найти
        </button>
      </Form>
      {errors.length > 0 ? (
        <p className={css.warning} role="alert">
          {errors.join(". ")}
        </p>
      ) : null}
      <p className={css.muted} data-testid="orders-found">
        Найдено: {result.total}
      </p>
      {result.rows.length > 0 ? (
        <div className={css.tableWrap}>
          <table className={css.table} data-testid="orders-table">
            <thead>
              <tr>
                <th>Заказ</th>
                <th>Создан</th>
                <th>Статус</th>
                <th>Покупатель</th>
                <th>Город</th>
                <th>Сумма</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((order) => (
                <tr key={order.number}>
                  <td className={css.number}>
                    <Link to={`/admin/orders/${encodeURIComponent(order.number)}`}>№{order.number}</Link>
                  </td>
                  <td className={css.number}>{formatDateTime(order.createdAt)}</td>
                  <td>
                    <span className={css.status}>{orderStatusLabels[order.status]}</span>
                  </td>
                  <td>
                    {[order.contact.lastName, order.contact.name].filter(Boolean).join(" ")}
                    <br />
                    <span className={css.muted}>{formatPhone(order.phone)}</span>
                  </td>
                  <td>{order.city.name}</td>
                  <td className={css.number}>{formatMoney(order.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result.pageCount > 1 ? <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(page) => orderListHref(filters, page)} /> : null}
    </>
  );
}
