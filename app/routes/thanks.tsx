import { useEffect } from "react";
import { Link, redirect } from "react-router";
import { pushEcommerce } from "#app/modules/analytics/metrica.ts";
import { handoverText } from "#app/modules/delivery/notes.ts";
import { DELIVERY_IDS } from "#app/modules/delivery/rules.ts";
import { PAYMENT_IDS } from "#app/modules/payments/methods.ts";
import { orderSummary } from "#app/modules/orders/order-summary.ts";
import { requireOwnOrder } from "#app/modules/storefront/order-page.server.ts";
import { reconcilePayment } from "#app/modules/orders/payment-flow.server.ts";
import { isPayable } from "#app/modules/orders/statuses.ts";
import { identificationTexts } from "#app/modules/compliance/identification.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { OrderDetails, PaymentDeadline } from "#app/ui/orders/OrderDetails.tsx";
import type { Route } from "./+types/thanks";

/**
 * Where the buyer lands after placing an order or coming back from the payment page
 * (/thanks?order=<id>). An online payment still open is checked with the provider here:
 * its notification may not have arrived yet, and the buyer deserves the true state.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, order: placed } = await requireOwnOrder(url, context, url.searchParams.get("order"));
  let order = placed;
  let confirmationUrl: string | null = null;
  if (isPayable(order)) {
    // The refreshed state carries the order's new status and the newest attempt: no second read.
    const state = await reconcilePayment(db, order.id);
    if (state?.payment?.status === "canceled") throw redirect(`/payment-error?order=${order.id}`);
    if (state) order = { ...order, status: state.orderStatus };
    if (isPayable(order)) confirmationUrl = state?.payment?.confirmationUrl ?? null;
  }
  return { order: orderSummary(order), awaitingPayment: isPayable(order), confirmationUrl };
}

export const meta = () => [...pageMeta({ title: "Спасибо за заказ", description: "Заказ оформлен." }), { name: "robots", content: "noindex" }];

/** Metrica 'purchase' (RUB), once per order in this browser: a reload of the page is not a second sale. */
function usePurchaseEvent(order: Route.ComponentProps["loaderData"]["order"], ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    const key = `purchase:${order.number}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      // Storage may be off (private mode); the event then goes once per page load.
    }
    pushEcommerce(
      "purchase",
      order.lines.map((line) => ({ id: line.sku, name: line.name, price: line.price, quantity: line.quantity })),
      { id: order.number, revenue: order.total },
    );
  }, [order, ready]);
}

export default function Thanks({ loaderData }: Route.ComponentProps) {
  const { order, awaitingPayment, confirmationUrl } = loaderData;
  usePurchaseEvent(order, !awaitingPayment && order.status !== "on_review");
  return (
    <>
      <PageHeader
        title={awaitingPayment ? "Заказ ждёт оплаты" : "Спасибо за заказ"}
        crumbs={[{ name: "Спасибо за заказ", href: `/thanks?order=${order.id}` }]}
      />
      {order.status === "on_review" ? (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- an <output> holds phrasing content only, and this holds paragraphs
        <div role="status" data-testid="on-review">
          <p>
            Заказ <strong>№{order.number}</strong> принят. {identificationTexts.onReview}
          </p>
        </div>
      ) : awaitingPayment ? (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- an <output> holds phrasing content only, and this holds paragraphs
        <div role="status">
          <p>Платёж ещё не подтверждён платёжным сервисом. Если вы уже оплатили, обновите страницу через минуту.</p>
          <PaymentDeadline order={order} />
          <p>
            {confirmationUrl ? (
              <a href={confirmationUrl} className={button}>
                Перейти к оплате
              </a>
            ) : null}{" "}
            <Link to={`/thanks?order=${order.id}`}>Обновить</Link>
          </p>
        </div>
      ) : (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- an <output> holds phrasing content only, and this holds paragraphs
        <div role="status" data-testid="thanks">
          <p>
            Заказ <strong>№{order.number}</strong> оформлен{order.status === "paid" ? " и оплачен" : ""}. Назовите этот номер, если будете звонить нам; статус
            заказа виден в личном кабинете.
          </p>
          <h2>Что дальше</h2>
          <ol>
            {order.paymentId === PAYMENT_IDS.invoice && order.status === "awaiting_payment" ? (
              <li data-testid="thanks-invoice">
                <a href={`/my/orders/${order.id}/invoice`} download>
                  Скачайте счёт на оплату
                </a>{" "}
                и оплатите его банковским переводом: соберём заказ, когда деньги поступят на наш счёт.
              </li>
            ) : null}
            <li>Мы соберём заказ в течение рабочего дня и проверим каждую монету.</li>
            <li>
              {order.deliveryId === DELIVERY_IDS.officePickup
                ? "Пришлём SMS, когда заказ будет готов к выдаче в офисе; адрес и часы работы — ниже."
                : order.paymentId !== PAYMENT_IDS.onReceipt
                  ? "Передадим посылку в доставку с объявленной ценностью и пришлём трек-номер в SMS."
                  : "Наш сотрудник позвонит, чтобы договориться о времени вручения; оплата — при получении."}
            </li>
            <li data-testid="thanks-handover">{handoverText(order.deliveryKind)}</li>
          </ol>
        </div>
      )}
      <OrderDetails order={order} />
      <p>
        <Link to="/my/orders">Все мои заказы</Link> · <Link to="/catalog">Продолжить покупки</Link>
      </p>
    </>
  );
}
