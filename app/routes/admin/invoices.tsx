import { Form, Link } from "react-router";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { handleInvoicesAction, loadInvoicesPage } from "#app/modules/admin/invoices-page.server.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { AdminTable } from "#app/ui/admin/AdminList.tsx";
import * as css from "#app/ui/admin/admin.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/invoices";

export const meta = () => adminMeta("Счета");

export function loader({ context }: Route.LoaderArgs) {
  return loadInvoicesPage(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleInvoicesAction(request, context);
}

/** Invoices awaiting a company's transfer: marked paid by hand, or from the bank's statement. */
export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { invoices, account, maxMb } = loaderData;
  return (
    <>
      <h1 className={css.title}>Счета</h1>
      <section className={css.section}>
        <h2 className={css.sectionTitle}>Банковская выписка</h2>
        <p className={css.muted}>
          Выгрузите из банка выписку по счёту {account} в формате 1С (1CClientBankExchange, кодировка Windows-1251), до {maxMb} МБ. Платежи сопоставляются со
          счетами по номеру в назначении платежа и сумме; проводятся только те, что вы отметите.
        </p>
        <Form method="post" encType="multipart/form-data" className={css.actionForm}>
          <label className={css.filterField}>
            Файл выписки
            <input type="file" name="statement" accept=".txt,text/plain" required className={css.control} />
          </label>
          <button type="submit" name="intent" value="statement" className={button}>
            Загрузить и сопоставить
          </button>
        </Form>
      </section>
      <section className={css.section}>
        <h2 className={css.sectionTitle}>Ждут оплаты</h2>
        {invoices.length === 0 ? (
          <p className={css.muted}>Неоплаченных счетов нет.</p>
        ) : (
          <AdminTable
            cards
            testId="open-invoices"
            head={["Счёт", "Покупатель", "Сумма", "Оплатить до", ""]}
            rows={invoices.map((invoice) => (
              <tr key={invoice.number}>
                <td data-label="Счёт">
                  <Link to={`/admin/orders/${invoice.number}`}>№{invoice.number}</Link>
                </td>
                <td data-label="Покупатель">{invoice.company ? `${invoice.company.name}, ИНН ${invoice.company.inn}` : "—"}</td>
                <td data-label="Сумма" className={css.number}>
                  {formatMoney(invoice.total)}
                  {invoice.applied ? <div className={css.muted}>получено {invoice.applied} ₽</div> : null}
                </td>
                <td data-label="Оплатить до">{invoice.paymentDueAt ? formatDateTime(invoice.paymentDueAt) : "—"}</td>
                <td>
                  <Form method="post" className={css.inlineForm}>
                    <input type="hidden" name="number" value={invoice.number} />
                    <input type="hidden" name="version" value={invoice.version} />
                    <button type="submit" name="intent" value="paid" className={css.smallButton}>
                      Счёт оплачен
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          />
        )}
      </section>
    </>
  );
}
