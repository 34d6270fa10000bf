import type { ReactNode } from "react";
import { Link } from "react-router";
import { LINKED_DAYS } from "#app/modules/compliance/control-csv.ts";
import { loadCompliancePage } from "#app/modules/admin/compliance-page.server.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminTable, NumberCell } from "#app/ui/admin/AdminList.tsx";
import type { Route } from "./+types/compliance";

export const meta = () => adminMeta("Контроль 115-ФЗ");

export function loader({ context }: Route.LoaderArgs) {
  return loadCompliancePage(context);
}

const orderLink = (number: string) => <Link to={`/admin/compliance/orders/${number}`}>№{number}</Link>;

type OrderRow = { id: number; number: string; createdAt: Date; total: number; buyer: string; status?: keyof typeof orderStatusLabels };

/** Orders in a table, each linked to its compliance page, or the words for none. */
function OrderTable<Row extends { id: number }>({
  orders,
  empty,
  head,
  renderCells,
}: {
  orders: readonly Row[];
  empty: string;
  head: readonly string[];
  renderCells: (order: Row) => ReactNode;
}) {
  if (orders.length === 0) return <p className={css.muted}>{empty}</p>;
  return (
    <AdminTable
      cards
      head={head}
      rows={orders.map((order) => (
        <tr key={order.id}>{renderCells(order)}</tr>
      ))}
    />
  );
}

/** An order's date, buyer and total (and status). */
function OrderCells({ order, withStatus = false }: { order: OrderRow; withStatus?: boolean }) {
  return (
    <>
      <NumberCell label="Заказ">{orderLink(order.number)}</NumberCell>
      <NumberCell label="Дата">{formatDateTime(order.createdAt)}</NumberCell>
      {withStatus && order.status ? <td data-label="Статус">{orderStatusLabels[order.status]}</td> : null}
      <td data-label="Покупатель">{order.buyer}</td>
      <NumberCell label="Сумма">{formatMoney(order.total)}</NumberCell>
    </>
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
        <OrderTable
          orders={held}
          empty="Нет заказов на проверке."
          head={["Заказ", "Дата", "Покупатель", "Сумма"]}
          renderCells={(order) => <OrderCells order={order} />}
        />
      </section>

      <section className={css.section} data-testid="control-orders">
        <h2 className={css.sectionTitle}>Обязательный контроль</h2>
        <p className={css.muted}>
          Заказы от {formatMoney(threshold)} или заказы одного покупателя, которые вместе за {LINKED_DAYS} дней составляют эту сумму.{" "}
          <a href="/admin/compliance/control.csv" download>
            Скачать CSV
          </a>
        </p>
        <OrderTable
          orders={control}
          empty="Таких заказов нет."
          head={["Заказ", "Дата", "Статус", "Сумма", `За ${LINKED_DAYS} дней`, "Основание", "Покупатель", "Идентификация"]}
          renderCells={(order) => (
            <>
              <NumberCell label="Заказ">{orderLink(order.number)}</NumberCell>
              <NumberCell label="Дата">{formatDateTime(order.createdAt)}</NumberCell>
              <td data-label="Статус">{orderStatusLabels[order.status]}</td>
              <NumberCell label="Сумма">{formatMoney(order.total)}</NumberCell>
              <NumberCell label={`За ${LINKED_DAYS} дней`}>{formatMoney(order.linkedTotal)}</NumberCell>
              <td data-label="Основание">{order.reason === "single" ? "разовая операция" : "связанные операции"}</td>
              <td data-label="Покупатель">{order.buyer}</td>
              <td data-label="Идентификация">{order.identified ? "есть" : "нет"}</td>
            </>
          )}
        />
      </section>

      <section className={css.section} data-testid="identified-orders">
        <h2 className={css.sectionTitle}>Заказы с идентификацией покупателя</h2>
        <OrderTable
          orders={identified}
          empty="Пока нет."
          head={["Заказ", "Дата", "Статус", "Покупатель", "Сумма"]}
          renderCells={(order) => <OrderCells order={order} withStatus />}
        />
      </section>
    </>
  );
}
