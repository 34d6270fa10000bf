import { Link } from "react-router";
import { button } from "#app/ui/kit/kit.css.ts";
import { orderStatuses } from "#app/modules/db/column-values.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { orderListHref, parseOrderFilters } from "#app/modules/admin/order-filters.ts";
import { searchOrders } from "#app/modules/admin/order-search.server.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminDateFields, AdminFilterSelect, AdminList, AdminSearchField, PersonCell } from "#app/ui/admin/AdminList.tsx";
import { OrderListRow, orderColumns, orderListHead } from "#app/ui/admin/AdminRows.tsx";
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
      <p>
        <Link to="/admin/orders/new" className={button}>
          Новый заказ
        </Link>{" "}
        <span className={css.muted}>— принять заказ по телефону, в мессенджере или в офисе</span>
      </p>
      <AdminList
        testId="orders"
        filters={
          <>
            <AdminFilterSelect
              label="Статус"
              name="status"
              value={filters.status}
              options={orderStatuses.map((status) => [status, orderStatusLabels[status]] as const)}
            />
            <AdminDateFields from={filters.from} to={filters.to} />
            <AdminSearchField label="Номер, телефон или фамилия" value={filters.q} />
          </>
        }
        errors={errors}
        total={result.total}
        page={result.page}
        pageCount={result.pageCount}
        hrefFor={(page) => orderListHref(filters, page)}
        head={orderListHead(true)}
        cards
        rows={result.rows.map((order) => (
          <OrderListRow
            key={order.number}
            order={order}
            buyer={
              <PersonCell
                label={orderColumns.buyer}
                name={[order.contact.lastName, order.contact.name].filter(Boolean).join(" ")}
                phone={formatPhone(order.phone)}
              />
            }
          />
        ))}
      />
    </>
  );
}
