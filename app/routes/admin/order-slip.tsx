import { data } from "react-router";
import { orderDelivery, orderDeliveryLine } from "#app/modules/delivery/order-delivery.ts";
import { findOrderByNumber } from "#app/modules/orders/operator.server.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import type { Route } from "./+types/order-slip";

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`Упаковочный лист №${params.number}`);

/** The packing slip of an order, to print: its coins, the recipient and the delivery; prices unless ?prices=0. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const order = await findOrderByNumber(context.get(databaseContext).db, params.number);
  if (!order) throw data("Заказ не найден", { status: 404 });
  return {
    number: order.number,
    createdAt: order.createdAt,
    withPrices: url.searchParams.get("prices") !== "0",
    recipient: { name: [order.contact.lastName, order.contact.name, order.contact.secondName].filter(Boolean).join(" "), phone: order.contact.phone },
    city: order.city.name,
    delivery: orderDeliveryLine(order.delivery),
    courierNote: orderDelivery(order.delivery).courierNote,
    trackingNumber: order.trackingNumber,
    comment: order.comment,
    lines: order.lines.map((line) => ({ id: line.id, sku: line.sku, name: line.name, quantity: line.quantity, price: line.price, lineTotal: line.lineTotal })),
    goodsTotal: order.goodsTotal,
  };
}

export default function OrderSlip({ loaderData: slip }: Route.ComponentProps) {
  const pieces = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <article className={css.slip} data-testid="packing-slip">
      <p className={css.noPrint}>
        <a href={`/admin/orders/${encodeURIComponent(slip.number)}`}>← К заказу</a> ·{" "}
        {slip.withPrices ? <a href="?prices=0">Без цен</a> : <a href="?">С ценами</a>} · Напечатайте страницу (Ctrl+P).
      </p>
      <h1 className={css.title}>Упаковочный лист к заказу №{slip.number}</h1>
      <p>от {formatDateTime(slip.createdAt)}</p>
      <dl className={css.facts}>
        <dt>Получатель</dt>
        <dd data-testid="slip-recipient">
          {slip.recipient.name}, {formatPhone(slip.recipient.phone)}
        </dd>
        <dt>Город</dt>
        <dd>{slip.city}</dd>
        <dt>Доставка</dt>
        <dd data-testid="slip-delivery">{slip.delivery}</dd>
        {slip.courierNote ? (
          <>
            <dt>Курьеру</dt>
            <dd>{slip.courierNote}</dd>
          </>
        ) : null}
        {slip.trackingNumber ? (
          <>
            <dt>Трек-номер</dt>
            <dd>{slip.trackingNumber}</dd>
          </>
        ) : null}
        {slip.comment ? (
          <>
            <dt>Комментарий</dt>
            <dd>{slip.comment}</dd>
          </>
        ) : null}
      </dl>
      <table className={css.slipTable} data-testid="slip-lines">
        <thead>
          <tr>
            <th>№</th>
            <th>Артикул</th>
            <th>Монета</th>
            <th>Кол-во</th>
            {slip.withPrices ? (
              <>
                <th>Цена</th>
                <th>Сумма</th>
              </>
            ) : null}
            <th>Уложено</th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((line, index) => (
            <tr key={line.id}>
              <td>{index + 1}</td>
              <td>{line.sku}</td>
              <td>{line.name}</td>
              <td>{line.quantity}</td>
              {slip.withPrices ? (
                <>
                  <td>{formatMoney(line.price)}</td>
                  <td>{formatMoney(line.lineTotal)}</td>
                </>
              ) : null}
              <td aria-label="отметка"></td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Всего монет: {pieces}
        {slip.withPrices ? `, на сумму ${formatMoney(slip.goodsTotal)}` : ""}
      </p>
      <p>Собрал: ____________________ Проверил: ____________________</p>
    </article>
  );
}
