import type { ReactNode } from "react";
import { Link } from "react-router";
import { buybackStatusLabels } from "#app/modules/buyback/statuses.ts";
import type { BuybackStatus } from "#app/modules/db/column-values.ts";
import type { OrderStatus } from "#app/modules/db/schema.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { BuybackCoinsCell } from "./AdminList.tsx";
import * as css from "./admin.css.ts";

/** The order list's columns: with the buyer (the orders page) or without (a customer's own orders). */
export const orderListHead = (withBuyer: boolean) => ["Заказ", "Создан", "Статус", ...(withBuyer ? ["Покупатель"] : []), "Город", "Сумма"];

/** An order in a back-office list: number (linked), created, status, [the buyer cell], city, total. */
export function OrderListRow({ order, buyer }: { order: { number: string; createdAt: Date | string; status: OrderStatus; city: { name: string }; total: number; refunded?: number }; buyer?: ReactNode }) {
  const refunded = order.refunded ?? 0;
  return (
    <tr>
      <td className={css.number}>
        <Link to={`/admin/orders/${encodeURIComponent(order.number)}`}>№{order.number}</Link>
      </td>
      <td className={css.number}>{formatDateTime(order.createdAt)}</td>
      <td>
        <span className={css.status}>{orderStatusLabels[order.status]}</span>
      </td>
      {buyer}
      <td>{order.city.name}</td>
      <td className={css.number}>
        {/* After a refund: what the order came to, as the buyer's pages say, with the refund beside it. */}
        {formatMoney(order.total - refunded)}
        {refunded > 0 ? <span className={css.muted}> (возврат {formatMoney(refunded)})</span> : null}
      </td>
    </tr>
  );
}

/** The buy-back list's columns: with the seller (the buy-back page) or without (a customer's own requests). */
export const buybackListHead = (withSeller: boolean) => ["Заявка", "Создана", "Статус", ...(withSeller ? ["Продавец"] : []), "Монеты", "Цена"];

/** A buy-back request in a back-office list: number (linked), created, status, [the seller cell], coins, price. */
export function BuybackListRow({ row, seller }: { row: Parameters<typeof BuybackCoinsCell>[0]["row"] & { id: number; quoteNumber: string; createdAt: Date | string; status: BuybackStatus; total: number | null }; seller?: ReactNode }) {
  return (
    <tr>
      <td className={css.number}>
        <Link to={`/admin/buyback/${row.id}`}>{row.quoteNumber}</Link>
      </td>
      <td className={css.number}>{formatDateTime(row.createdAt)}</td>
      <td>
        <span className={css.status}>{buybackStatusLabels[row.status]}</span>
      </td>
      {seller}
      <BuybackCoinsCell row={row} />
      <td className={css.number}>{row.total === null ? "—" : formatMoney(row.total)}</td>
    </tr>
  );
}
