import { Link } from "react-router";
import { orderSummary } from "#app/modules/orders/order-summary.ts";
import { orderHistory } from "#app/modules/orders/lifecycle.server.ts";
import { orderReturnState, payAgain, requireOwnOrder } from "#app/modules/storefront/order-page.server.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import { isPayable } from "#app/modules/orders/statuses.ts";
import { latestPayment } from "#app/modules/orders/payments.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { PAYMENT_IDS } from "#app/modules/payments/methods.ts";
import { invoicePayBy } from "#app/modules/invoices/invoice.ts";
import { ConfirmDeadline, OrderDetails, OrderTimeline, PayAgainForm, PaymentDeadline } from "#app/ui/orders/OrderDetails.tsx";
import type { Route } from "./+types/order";

/** An order of the signed-in buyer; another buyer's order, or none, is a 404. */
export async function loader({ url, context, params }: Route.LoaderArgs) {
  const { db, order } = await requireOwnOrder(url, context, params.id);
  const [payment, history, returnState] = await Promise.all([
    isPayable(order) ? latestPayment(db, order.id) : null,
    orderHistory(db, order.id),
    orderReturnState(db, order),
  ]);
  return {
    order: orderSummary(order),
    payable: isPayable(order),
    paymentNote: payment?.failureReason ?? null,
    // Paid by invoice: the invoice to download, and until when the transfer is awaited.
    invoice:
      order.paymentId === PAYMENT_IDS.invoice && order.company
        ? {
            href: `/my/orders/${order.id}/invoice`,
            company: order.company.name,
            inn: order.company.inn,
            payBy: order.status === "awaiting_payment" && order.paymentDueAt ? invoicePayBy(order.paymentDueAt) : null,
          }
        : null,
    history: history.map((step) => ({ ...step, createdAt: step.createdAt.toISOString() })),
    returnState,
  };
}

/** Pay again (spec modal 'cabinetPayment'): a new attempt for an unpaid online order. */
export function action({ url, context, params }: Route.ActionArgs) {
  return payAgain(url, context, params.id, (id) => `/my/orders/${id}`);
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta({ title: loaderData ? `Заказ №${loaderData.order.number}` : "Заказ" }),
  { name: "robots", content: "noindex" },
];

export default function Order({ loaderData }: Route.ComponentProps) {
  const { order, payable, paymentNote, history, invoice, returnState } = loaderData;
  return (
    <>
      <PageHeader
        title={`Заказ №${order.number}`}
        crumbs={[
          { name: "Личный кабинет", href: "/my" },
          { name: "Заказы", href: "/my/orders" },
          { name: `№${order.number}`, href: `/my/orders/${order.id}` },
        ]}
      />
      {payable ? (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- an <output> holds phrasing content only, and this holds paragraphs
        <div role="status">
          <p>Заказ ждёт оплаты.{paymentNote ? ` Последняя попытка: ${paymentNote}` : ""}</p>
          <PaymentDeadline order={order} />
          <PayAgainForm />
        </div>
      ) : order.confirmDueAt ? (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- an <output> holds phrasing content only, and this holds a paragraph
        <div role="status">
          <ConfirmDeadline order={order} />
        </div>
      ) : null}
      {invoice ? (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- an <output> holds phrasing content only, and this holds paragraphs
        <div role="status" data-testid="order-invoice">
          <p>
            Счёт на оплату для {invoice.company}, ИНН {invoice.inn}.
            {invoice.payBy ? ` Оплатите его банковским переводом до ${invoice.payBy} включительно, иначе заказ будет отменён.` : ""}
          </p>
          <p>
            <a href={invoice.href} download>
              Скачать счёт №{order.number} (PDF)
            </a>
          </p>
        </div>
      ) : null}
      <OrderDetails order={order} />
      {returnState ? (
        <p data-testid="order-return">
          {returnState.kind === "available" ? (
            <>
              <Link to={`/my/orders/${order.id}/return`} className={button}>
                Оформить возврат
              </Link>{" "}
              до {returnState.lastDay} включительно
            </>
          ) : (
            <Link to={`/my/orders/${order.id}/return`}>Заявка на возврат: {returnState.status}</Link>
          )}
        </p>
      ) : null}
      <OrderTimeline steps={history} />
      <p>
        <Link to="/my/orders">Все заказы</Link>
      </p>
    </>
  );
}
