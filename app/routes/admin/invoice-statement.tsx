import { Form, Link } from "react-router";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { handleStatementAction, loadStatementPage } from "#app/modules/admin/invoices-page.server.ts";
import { AdminTable } from "#app/ui/admin/AdminList.tsx";
import * as css from "#app/ui/admin/admin.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/invoice-statement";

export const meta = () => adminMeta("Выписка банка");

export function loader({ context, params }: Route.LoaderArgs) {
  return loadStatementPage(context, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return handleStatementAction(request, context, params.id);
}

/** An uploaded statement's incoming payments, each matched to an invoice or not, for staff to apply. */
export default function AdminInvoiceStatement({ loaderData }: Route.ComponentProps) {
  const { payments, account, period } = loaderData;
  const applicable = payments.filter((payment) => payment.applicable).length;
  return (
    <>
      <p>
        <Link to="/admin/invoices">← Счета</Link>
      </p>
      <h1 className={css.title}>Выписка по счёту {account}</h1>
      <p className={css.muted}>
        {period ? `За ${period}. ` : ""}Поступлений: {payments.length}, можно провести: {applicable}. Совпадающие отмечены; платёж с другой суммой проводится,
        только если вы его отметите (заказ станет оплаченным, когда поступления покроют счёт).
      </p>
      {payments.length === 0 ? (
        <p>В выписке нет поступлений на счёт магазина.</p>
      ) : (
        <Form method="post">
          <AdminTable
            cards
            testId="statement-payments"
            head={["Провести", "Платёж", "Плательщик", "Назначение", "Сумма", "Счёт", "Решение"]}
            rows={payments.map((payment, index) => (
              <tr key={`${payment.key}:${index}`} data-kind={payment.kind}>
                <td data-label={payment.applicable ? "Провести" : undefined}>
                  {payment.applicable ? (
                    <input
                      type="checkbox"
                      name={`apply-${index}`}
                      value={payment.key}
                      defaultChecked={payment.kind === "matched"}
                      aria-label={`Провести платёж №${payment.number} от ${payment.date}`}
                    />
                  ) : null}
                </td>
                <td data-label="Платёж">
                  №{payment.number} от {payment.date}
                </td>
                <td data-label="Плательщик">{payment.payer || "—"}</td>
                <td data-label="Назначение">{payment.purpose || "—"}</td>
                <td data-label="Сумма" className={css.number}>
                  {payment.amount} ₽
                </td>
                <td data-label="Счёт">
                  {payment.invoice ? (
                    <>
                      <Link to={`/admin/orders/${payment.invoice.number}`}>№{payment.invoice.number}</Link>
                      <div className={css.muted}>
                        на {payment.invoice.total} ₽{payment.invoice.applied ? `, получено ${payment.invoice.applied} ₽` : ""}
                      </div>
                    </>
                  ) : (
                    "—"
                  )}
                </td>
                <td data-label="Решение" className={payment.applicable ? undefined : css.muted} data-testid="payment-match">
                  {payment.label}
                </td>
              </tr>
            ))}
          />
          {applicable > 0 ? (
            <button type="submit" className={button}>
              Провести отмеченные платежи
            </button>
          ) : null}
        </Form>
      )}
    </>
  );
}
