import { Link } from "react-router";
import { LINKED_DAYS } from "#app/modules/compliance/control-csv.ts";
import { loadCompliancePage } from "#app/modules/compliance/compliance-page.server.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { adminMeta } from "#app/modules/staff/meta.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import type { Route } from "./+types/compliance";

export const meta = () => adminMeta("Контроль 115-ФЗ");

export function loader({ context }: Route.LoaderArgs) {
  return loadCompliancePage(context);
}

const orderLink = (number: string) => <Link to={`/admin/compliance/orders/${number}`}>№{number}</Link>;

type OrderRow = { id: number; number: string; createdAt: Date; total: number; buyer: string; status?: keyof typeof orderStatusLabels };

/** Orders with their date, buyer and total (and status), each linked to its compliance page. */
function OrderTable({ orders, empty, withStatus = false }: { orders: readonly OrderRow[]; empty: string; withStatus?: boolean }) {
  if (orders.length === 0) return <p className={css.muted}>{empty}</p>;
  return (
    <div className={css.tableWrap}>
      <table className={css.table}>
        <thead>
          <tr>
            <th>Заказ</th>
            <th>Дата</th>
            {withStatus ? <th>Статус</th> : null}
            <th>Покупатель</th>
            <th>Сумма</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td className={css.number}>{orderLink(order.number)}</td>
              <td className={css.number}>{formatDateTime(order.createdAt)}</td>
              {withStatus && order.status ? <td>{orderStatusLabels[order.status]}</td> : null}
              <td>{order.buyer}</td>
              <td className={css.number}>{formatMoney(order.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AdminCompliance({ loaderData }: Route.ComponentProps) {
  const { held, control, identified, list, threshold } = loaderData;
  return (
    <>
      <h1 className={css.title}>Внутренний контроль (115-ФЗ)</h1>
      <p className={css.muted} data-testid="list-status">
        {list.persons === 0
          ? "Перечень Росфинмониторинга не загружен: npm run compliance -- import-list ФАЙЛ.xml"
          : `Перечень Росфинмониторинга${list.listDate ? ` от ${list.listDate}` : ""}: ${list.persons} физ. лиц, загружен ${list.importedAt ? formatDateTime(list.importedAt) : "—"}.`}
      </p>

      <section className={css.section} data-testid="held-orders">
        <h2 className={css.sectionTitle}>На проверке: совпадение с перечнем</h2>
        <OrderTable orders={held} empty="Нет заказов на проверке." />
      </section>

      <section className={css.section} data-testid="control-orders">
        <h2 className={css.sectionTitle}>Обязательный контроль</h2>
        <p className={css.muted}>
          Заказы от {formatMoney(threshold)} или заказы одного покупателя, которые вместе за {LINKED_DAYS} дней составляют эту сумму. <a href="/admin/compliance/control.csv" download>Скачать CSV</a>
        </p>
        {control.length === 0 ? (
          <p className={css.muted}>Таких заказов нет.</p>
        ) : (
          <div className={css.tableWrap}>
            <table className={css.table}>
              <thead>
                <tr>
                  <th>Заказ</th>
                  <th>Дата</th>
                  <th>Статус</th>
                  <th>Сумма</th>
                  <th>За {LINKED_DAYS} дней</th>
                  <th>Основание</th>
                  <th>Покупатель</th>
                  <th>Идентификация</th>
                </tr>
              </thead>
              <tbody>
                {control.map((order) => (
                  <tr key={order.id}>
                    <td className={css.number}>{orderLink(order.number)}</td>
                    <td className={css.number}>{formatDateTime(order.createdAt)}</td>
                    <td>{orderStatusLabels[order.status]}</td>
                    <td className={css.number}>{formatMoney(order.total)}</td>
                    <td className={css.number}>{formatMoney(order.linkedTotal)}</td>
                    <td>{order.reason === "single" ? "разовая операция" : "связанные операции"}</td>
                    <td>{order.buyer}</td>
                    <td>{order.identified ? "есть" : "нет"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={css.section} data-testid="identified-orders">
        <h2 className={css.sectionTitle}>Заказы с идентификацией покупателя</h2>
        <OrderTable orders={identified} empty="Пока нет." withStatus />
      </section>
    </>
  );
}
