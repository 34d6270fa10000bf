import { Link } from "react-router";
import { databaseContext } from "#app/modules/request/context.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime } from "#app/modules/shared/format.ts";
import { customerListHref, parseCustomerFilters } from "#app/modules/admin/customer-filters.ts";
import { searchCustomers } from "#app/modules/admin/customers.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminList, AdminSearchField } from "#app/ui/admin/AdminList.tsx";
import type { Route } from "./+types/customers";

export const meta = () => adminMeta("Покупатели");

export async function loader({ url, context }: Route.LoaderArgs) {
  const { filters, errors } = parseCustomerFilters(url.searchParams);
  return { filters, errors, result: await searchCustomers(context.get(databaseContext).db, filters) };
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { filters, errors, result } = loaderData;
  return (
    <>
      <h1 className={css.title}>Покупатели</h1>
      <AdminList
        testId="customers"
        filters={<AdminSearchField label="Телефон, фамилия, имя или e-mail" value={filters.q} />}
        errors={errors}
        total={result.total}
        page={result.page}
        pageCount={result.pageCount}
        hrefFor={(page) => customerListHref(filters, page)}
        head={["Покупатель", "Телефон", "E-mail", "Заказов", "С нами с"]}
        rows={result.rows.map((customer) => (
          <tr key={customer.id}>
            <td>
              <Link to={`/admin/customers/${customer.id}`}>{[customer.lastName, customer.name].filter(Boolean).join(" ") || "без имени"}</Link>
            </td>
            <td className={css.number}>{formatPhone(customer.phone)}</td>
            <td>{customer.email || "—"}</td>
            <td className={css.number}>{customer.orders}</td>
            <td className={css.number}>{formatDateTime(customer.createdAt)}</td>
          </tr>
        ))}
      />
    </>
  );
}
