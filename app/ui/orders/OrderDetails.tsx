import { Form } from "react-router";
import { officePlaceText } from "#app/modules/delivery/notes.ts";
import { useOfficeHours } from "#app/ui/frame/office-hours.ts";
import { DELIVERY_IDS } from "#app/modules/delivery/rules.ts";
import { PAYMENT_IDS } from "#app/modules/payments/methods.ts";
import { paymentDeadlineText } from "#app/modules/payments/deadline.ts";
import { cdekTrackingUrl } from "#app/modules/delivery/tracking.ts";
import type { OrderSummary } from "#app/modules/orders/order-summary.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import * as css from "#app/ui/checkout/checkout.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import { DeliveryDiscountNote, DiscountNote } from "#app/ui/pricing/DiscountNote.tsx";
import * as ordersCss from "./orders.css.ts";

/** An order's lines, totals, delivery and payment, as the buyer agreed to them. */
export function OrderDetails({ order }: { order: OrderSummary }) {
  const { text: officeHoursText } = useOfficeHours();
  return (
    <div className={css.sections}>
      <p>
        Заказ <strong data-testid="order-number">№{order.number}</strong> от {formatDateTime(order.createdAt)} · статус:{" "}
        <strong data-testid="order-status">{orderStatusLabels[order.status]}</strong>
        {order.fromPreorder ? <span data-testid="order-from-preorder"> · Заказ по предзаказу</span> : null}
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
              <td className={css.cell}>
                {line.name}
                {line.discount ? (
                  <>
                    <br />
                    <DiscountNote discount={line.discount} quantity={line.quantity} />
                  </>
                ) : null}
              </td>
              <td className={css.numberCell}>
                {formatMoney(line.price)}
                {line.basePrice !== null && line.basePrice > line.price ? (
                  <>
                    <br />
                    <s className={css.muted}>{formatMoney(line.basePrice)}</s>
                  </>
                ) : null}
              </td>
              <td className={css.numberCell}>
                {line.quantity}
                {line.refunded > 0 ? (
                  <>
                    <br />
                    <span className={css.muted} data-testid="line-refunded">
                      возвращено {line.refunded}
                    </span>
                  </>
                ) : null}
              </td>
              <td className={css.numberCell}>{formatMoney(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={css.summary}>
        <p className={css.summaryRow}>
          <span>Товары</span>
          <span data-testid="order-goods-total">{formatMoney(order.goodsTotal)}</span>
        </p>
        <p className={css.summaryRow}>
          <span>Доставка</span>
          <span data-testid="order-delivery-total">{order.deliveryTotal === 0 ? "Бесплатно" : formatMoney(order.deliveryTotal)}</span>
        </p>
        {order.deliveryPromotion ? (
          <p className={css.summaryRow}>
            <DeliveryDiscountNote promotion={order.deliveryPromotion} />
          </p>
        ) : null}
        <p className={css.summaryTotal}>
          <span>Итого</span>
          <span data-testid="order-total">{formatMoney(order.total)}</span>
        </p>
        {order.refunded > 0 ? (
          <>
            <p className={css.summaryRow}>
              <span>Возвращено</span>
              <span data-testid="order-refunded">−{formatMoney(order.refunded)}</span>
            </p>
            <p className={css.summaryTotal}>
              <span>С учётом возврата</span>
              <span data-testid="order-net-total">{formatMoney(order.netTotal)}</span>
            </p>
          </>
        ) : null}
      </div>
      {/* One block of short facts: as separate grid items each line took the page's section gap. */}
      <div className={ordersCss.facts} data-testid="order-facts">
        <p data-testid="order-delivery">
          Доставка: {order.deliveryName}, {order.city}
          {order.place ? ` — ${order.place}` : ""}
        </p>
        {order.courierNote ? <p data-testid="order-courier-note">Сообщение курьеру: {order.courierNote}</p> : null}
        {order.pickupSlot ? (
          <p data-testid="order-pickup-slot">
            Когда забрать: <strong>{order.pickupSlot}</strong>
          </p>
        ) : null}
        {order.deliveryId === DELIVERY_IDS.officePickup ? <p data-testid="order-office-pickup">{officePlaceText(officeHoursText)}</p> : null}
        <p data-testid="order-recipient">
          Получатель: {[order.contact.lastName, order.contact.name, order.contact.secondName].filter(Boolean).join(" ")}, {formatPhone(order.contact.phone)}
          {order.contact.email ? `, ${order.contact.email}` : ""}
        </p>
        <p>
          Оплата:{" "}
          {order.paymentId === PAYMENT_IDS.invoice ? "по счёту" : order.paymentId === PAYMENT_IDS.online ? "онлайн картой или через СБП" : "при получении"}
        </p>
        {order.trackingNumber ? (
          <p data-testid="order-tracking">
            Трек-номер СДЭК: <strong>{order.trackingNumber}</strong> —{" "}
            <a href={cdekTrackingUrl(order.trackingNumber)} rel="noopener noreferrer" target="_blank">
              отследить посылку
            </a>
          </p>
        ) : null}
        {order.cancelReason ? <p data-testid="order-cancel-reason">Причина отмены: {order.cancelReason}</p> : null}
        {order.comment ? <p>Комментарий: {order.comment}</p> : null}
      </div>
    </div>
  );
}

/** "Оплатите до 14:35 (МСК)": the deadline of an unpaid online order, where the buyer decides to pay. */
export function PaymentDeadline({ order }: { order: Pick<OrderSummary, "paymentDueAt" | "createdAt"> }) {
  if (!order.paymentDueAt) return null;
  return (
    <p data-testid="payment-deadline">
      Оплатите до <strong>{paymentDeadlineText(order.paymentDueAt, order.createdAt)}</strong> (МСК). Неоплаченный заказ будет отменён, а монеты вернутся в
      продажу.
    </p>
  );
}

/** "Магазин подтвердит заказ до 30.11.2026, 15:20 (МСК)": a new order paid on receipt waits for the shop, not the buyer. */
export function ConfirmDeadline({ order }: { order: Pick<OrderSummary, "confirmDueAt"> }) {
  if (!order.confirmDueAt) return null;
  return (
    <p data-testid="confirm-deadline">
      Заказ ждёт подтверждения: магазин подтвердит его до <strong>{formatDateTime(order.confirmDueAt)}</strong> (МСК). Заказ, не подтверждённый к этому сроку,
      отменяется, а монеты возвращаются в продажу.
    </p>
  );
}

export type OrderHistoryStep = { status: OrderSummary["status"]; note: string; createdAt: string };

/** The order's history as a timeline: each status with its time. */
export function OrderTimeline({ steps }: { steps: OrderHistoryStep[] }) {
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="order-history">
      <h2 id="order-history">История заказа</h2>
      <ol className={ordersCss.timeline} data-testid="order-history">
        {steps.map((step, index) => (
          <li key={index} className={ordersCss.timelineStep}>
            <time dateTime={step.createdAt}>{formatDateTime(step.createdAt)}</time> — <strong>{orderStatusLabels[step.status]}</strong>
            {step.note ? `: ${step.note}` : ""}
          </li>
        ))}
      </ol>
    </section>
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
