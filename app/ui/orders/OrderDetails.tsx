import { Form } from "react-router";
import { PAYMENT_IDS } from "#app/modules/delivery/rules.ts";
import type { OrderSummary } from "#app/modules/orders/order-summary.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import * as css from "#app/ui/checkout/checkout.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";

/** An order's lines, totals, delivery and payment, as the buyer agreed to them. */
export function OrderDetails({ order }: { order: OrderSummary }) {
  return (
    <div className={css.sections}>
      <p>
        Заказ <strong data-testid="order-number">№{order.number}</strong> от {formatDateTime(order.createdAt)} · статус:{" "}
        <strong data-testid="order-status">{orderStatusLabels[order.status]}</strong>
      </p>
      <table className={css.table}>
        <thead>
          <tr>
            <th className={css.cell}>Монета</th>
            <th className={css.numberCell}>Цена</th>
            <th className={css.numberCell}>Кол-во</th>
            <th className={css.numberCell}>Сумма</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.sku}>
              <td className={css.cell}>{line.name}</td>
              <td className={css.numberCell}>{formatMoney(line.price)}</td>
              <td className={css.numberCell}>{line.quantity}</td>
              <td className={css.numberCell}>{formatMoney(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={css.summary}>
        <p className={css.summaryRow}>
          <span>Товары</span>
          <span>{formatMoney(order.goodsTotal)}</span>
        </p>
        <p className={css.summaryRow}>
          <span>Доставка</span>
          <span>{order.deliveryTotal === 0 ? "Бесплатно" : formatMoney(order.deliveryTotal)}</span>
        </p>
        <p className={css.summaryTotal}>
          <span>Итого</span>
          <span data-testid="order-total">{formatMoney(order.total)}</span>
        </p>
      </div>
      <p>
        Доставка: {order.deliveryName}, {order.city}
        {order.pointAddress ? ` — ${order.pointAddress}` : ""}
        {order.address ? ` — ${order.address}` : ""}
      </p>
      <p>
        Получатель: {[order.contact.lastName, order.contact.name, order.contact.secondName].filter(Boolean).join(" ")}, {order.contact.phone}
        {order.contact.email ? `, ${order.contact.email}` : ""}
      </p>
      <p>Оплата: {order.paymentId === PAYMENT_IDS.online ? "онлайн картой или через СБП" : "при получении"}</p>
      {order.comment ? <p>Комментарий: {order.comment}</p> : null}
    </div>
  );
}

/** The "pay again" button of an unpaid online order: a POST to the page it sits on. */
export function PayAgainForm({ label = "Оплатить заказ" }: { label?: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="pay" />
      {/* The main thing to do on an unpaid order: the filled button, not an outline. */}
      <button type="submit" className={button} data-testid="pay-again">
        {label}
      </button>
    </Form>
  );
}
