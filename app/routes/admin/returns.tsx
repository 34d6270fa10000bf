import { Form, Link } from "react-router";
import { loadAdminReturns } from "#app/modules/admin/returns-page.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { returnStatuses } from "#app/modules/db/column-values.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { returnStatusLabels } from "#app/modules/returns/statuses.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/returns";

export const meta = () => adminMeta("Возвраты");

export function loader({ url, context }: Route.LoaderArgs) {
  return loadAdminReturns(context, url);
}

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { status, rows } = loaderData;
  return (
    <>
      <h1 className={css.title}>Заявки на возврат</h1>
      <Form method="get" className={css.filters}>
        <label className={css.filterField}>
          Статус
          <select name="status" defaultValue={status} className={css.control}>
            <option value="">Все</option>
            {returnStatuses.map((value) => (
              <option key={value} value={value}>
                {returnStatusLabels[value]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={button}>
          Показать
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className={css.muted}>Заявок нет.</p>
      ) : (
        <div className={css.tableWrap}>
          <table className={`${css.table} ${css.cardTable}`} data-testid="returns">
            <thead>
              <tr>
                <th scope="col">Заявка</th>
                <th scope="col">Создана</th>
                <th scope="col">Статус</th>
                <th scope="col">Заказ</th>
                <th scope="col">Покупатель</th>
                <th scope="col">Монеты</th>
                <th scope="col">Сумма</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="Заявка">
                    <Link to={`/admin/returns/${row.id}`}>№{row.id}</Link>
                  </td>
                  <td data-label="Создана">{formatDateTime(row.createdAt)}</td>
                  <td data-label="Статус">{returnStatusLabels[row.status]}</td>
                  <td data-label="Заказ">
                    <Link to={`/admin/orders/${row.orderNumber}`}>{row.orderNumber}</Link>
                  </td>
                  <td data-label="Покупатель">{formatPhone(row.buyerPhone)}</td>
                  <td data-label="Монеты">{row.lines.map((line) => `${line.name} × ${line.quantity}`).join(", ")}</td>
                  <td data-label="Сумма" className={css.number}>
                    {formatMoney(row.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
