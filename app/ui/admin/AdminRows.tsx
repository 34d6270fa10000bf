import type { ReactNode } from "react";
import { Link } from "react-router";
import { buybackStatusLabels } from "#app/modules/buyback/statuses.ts";
import type { BuybackStatus } from "#app/modules/db/column-values.ts";
import type { OrderStatus } from "#app/modules/db/column-values.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { BuybackCoinsCell, NumberCell } from "./AdminList.tsx";
import * as css from "./admin.css.ts";

/** The headings of the order list's columns; each cell carries its own (a phone shows a row as a card). */
export const orderColumns = { number: "Заказ", created: "Создан", status: "Статус", buyer: "Покупатель", city: "Город", total: "Сумма" } as const;

/** The order list's columns: with the buyer (the orders page) or without (a customer's own orders). */
export const orderListHead = (withBuyer: boolean) => {
  const { number, created, status, buyer, city, total } = orderColumns;
  return [number, created, status, ...(withBuyer ? [buyer] : []), city, total];
};

/** An order in a back-office list: number (linked), created, status, [the buyer cell], city, total. */
export function OrderListRow({
  order,
  buyer,
}: {
  order: { number: string; createdAt: Date | string; status: OrderStatus; city: { name: string }; total: number; refunded?: number; uncollected?: boolean };
  buyer?: ReactNode;
}) {
  const refunded = order.refunded ?? 0;
  return (
    <tr>
      <NumberCell label={orderColumns.number}>
        <Link to={`/admin/orders/${encodeURIComponent(order.number)}`}>№{order.number}</Link>
      </NumberCell>
      <NumberCell label={orderColumns.created}>{formatDateTime(order.createdAt)}</NumberCell>
      <td data-label={orderColumns.status}>
        <span className={css.status}>{orderStatusLabels[order.status]}</span>
        {/* Office pickup booked and not collected in time (PICKUP_UNCOLLECTED_DAYS): staff call the buyer. */}
        {order.uncollected ? (
          <strong className={css.warning} data-testid="order-uncollected">
            {" "}
            Не забран в срок
          </strong>
        ) : null}
      </td>
      {buyer}
      <td data-label={orderColumns.city}>{order.city.name}</td>
      <NumberCell label={orderColumns.total}>
        {/* After a refund: what the order came to, as the buyer's pages say, with the refund beside it. */}
        {formatMoney(order.total - refunded)}
        {refunded > 0 ? <span className={css.muted}> (возврат {formatMoney(refunded)})</span> : null}
      </NumberCell>
    </tr>
  );
}

/** The headings of the buy-back list's columns; each cell carries its own (a phone shows a row as a card). */
export const buybackColumns = { number: "Заявка", created: "Создана", status: "Статус", seller: "Продавец", coins: "Монеты", total: "Цена" } as const;

/** The buy-back list's columns: with the seller (the buy-back page) or without (a customer's own requests). */
export const buybackListHead = (withSeller: boolean) => {
  const { number, created, status, seller, coins, total } = buybackColumns;
  return [number, created, status, ...(withSeller ? [seller] : []), coins, total];
};

/** A buy-back request in a back-office list: number (linked), created, status, [the seller cell], coins, price. */
export function BuybackListRow({
  row,
  seller,
}: {
  row: Parameters<typeof BuybackCoinsCell>[0]["row"] & {
    id: number;
    quoteNumber: string;
    createdAt: Date | string;
    status: BuybackStatus;
    total: number | null;
  };
  seller?: ReactNode;
}) {
  return (
    <tr>
      <NumberCell label={buybackColumns.number}>
        <Link to={`/admin/buyback/${row.id}`}>{row.quoteNumber}</Link>
      </NumberCell>
      <NumberCell label={buybackColumns.created}>{formatDateTime(row.createdAt)}</NumberCell>
      <td data-label={buybackColumns.status}>
        <span className={css.status}>{buybackStatusLabels[row.status]}</span>
      </td>
      {seller}
      <BuybackCoinsCell row={row} label={buybackColumns.coins} />
      <NumberCell label={buybackColumns.total}>{row.total === null ? "—" : formatMoney(row.total)}</NumberCell>
    </tr>
  );
}
