import { Link, redirect } from "react-router";
import { latestPayment } from "#app/modules/orders/payments.server.ts";
import { orderSummary } from "#app/modules/orders/order-summary.ts";
import { payAgain, requireOwnOrder } from "#app/modules/storefront/order-page.server.ts";
import { isPayable } from "#app/modules/orders/statuses.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { shop } from "#app/modules/shop/contacts.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { OrderDetails, PayAgainForm, PaymentDeadline } from "#app/ui/orders/OrderDetails.tsx";
import type { Route } from "./+types/payment-error";

/** The payment of an order failed or was cancelled: the order is kept; the buyer may pay again (/payment-error?order=<id>). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, order } = await requireOwnOrder(url, context, url.searchParams.get("order"));
  if (!isPayable(order)) throw redirect(`/thanks?order=${order.id}`);
  const payment = await latestPayment(db, order.id);
  return { order: orderSummary(order), reason: payment?.failureReason ?? "Платёж не был завершён." };
}

/** Pay again: a new attempt; an order already settled goes to its /thanks page. */
export function action({ url, context }: Route.ActionArgs) {
  return payAgain(url, context, url.searchParams.get("order"), (id) => `/thanks?order=${id}`);
}

export const meta = () => [
  ...pageMeta({ title: "Оплата не прошла", description: "Оплата заказа не прошла: попробуйте ещё раз." }),
  { name: "robots", content: "noindex" },
];

export default function PaymentError({ loaderData }: Route.ComponentProps) {
  const { order, reason } = loaderData;
  return (
    <>
      <PageHeader title="Оплата не прошла" crumbs={[{ name: "Оплата не прошла", href: `/payment-error?order=${order.id}` }]} />
      <div role="alert" data-testid="payment-error">
        <p>
          Заказ <strong>№{order.number}</strong> сохранён, но оплата не прошла: {reason}
        </p>
        <p>Деньги не списаны. Монеты зарезервированы за вами — оплатите заказ ещё раз или позвоните нам: {shop.phones.tollFree.display}.</p>
      </div>
      {/* Until when paying again still helps: past it the order is cancelled. */}
      <PaymentDeadline order={order} />
      <PayAgainForm label="Оплатить ещё раз" />
      <OrderDetails order={order} />
      <p>
        <Link to="/my/orders">Мои заказы</Link>
      </p>
    </>
  );
}
