import { data } from "react-router";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { invoiceDate, invoiceSum, vatLabel } from "#app/modules/invoices/invoice.ts";
import { companyDocument } from "#app/modules/orders/invoice.server.ts";
import { findOrderByNumber } from "#app/modules/orders/operator.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import type { Route } from "./+types/order-upd";

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`УПД к заказу №${params.number}`);

/** The УПД (status 1: счёт-фактура and передаточный документ) of a company's order, to print at handover: the invoice's lines. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const order = await findOrderByNumber(db, params.number);
  const document = order ? await companyDocument(db, order) : undefined;
  if (!order || !document) throw data("УПД печатается только для заказа организации или ИП", { status: 404 });
  return { document, printedOn: invoiceDate(new Date()) };
}

export default function OrderUpd({ loaderData }: Route.ComponentProps) {
  const { document: upd, printedOn } = loaderData;
  const innKpp = (inn: string, kpp: string | null) => (kpp ? `${inn}/${kpp}` : inn);
  const vatTotal = upd.lines.reduce((sum, line) => sum + line.vatKopecks, 0);
  return (
    <article className={css.slip} data-testid="upd">
      <p className={css.noPrint}>
        <a href={`/admin/orders/${encodeURIComponent(upd.number)}`}>← К заказу</a> · Напечатайте страницу (Ctrl+P) в двух экземплярах: один остаётся у
        покупателя.
      </p>
      {upd.seller.demo ? <p className={css.warning}>Демонстрационные реквизиты продавца: документ не действителен.</p> : null}
      <h1 className={css.title}>Универсальный передаточный документ</h1>
      <dl className={css.facts}>
        <dt>Статус</dt>
        <dd data-testid="upd-status">1 — счёт-фактура и передаточный документ (акт)</dd>
        <dt>Счёт-фактура</dt>
        <dd>
          № {upd.number} от {printedOn}
        </dd>
        <dt>Продавец</dt>
        <dd>{upd.seller.name}</dd>
        <dt>Адрес</dt>
        <dd>{upd.seller.address}</dd>
        <dt>ИНН/КПП продавца</dt>
        <dd>{innKpp(upd.seller.inn, upd.seller.kpp)}</dd>
        <dt>Грузоотправитель</dt>
        <dd>он же</dd>
        <dt>Грузополучатель</dt>
        <dd>
          {upd.buyer.name}, {upd.buyer.legalAddress}
        </dd>
        <dt>К платёжному документу</dt>
        <dd>
          счёт на оплату № {upd.number} от {upd.date}
        </dd>
        <dt>Покупатель</dt>
        <dd data-testid="upd-buyer">{upd.buyer.name}</dd>
        <dt>Адрес</dt>
        <dd>{upd.buyer.legalAddress}</dd>
        <dt>ИНН/КПП покупателя</dt>
        <dd>{innKpp(upd.buyer.inn, upd.buyer.kpp)}</dd>
        <dt>Валюта</dt>
        <dd>российский рубль, 643</dd>
      </dl>
      <table className={css.slipTable} data-testid="upd-lines">
        <thead>
          <tr>
            <th>№</th>
            <th>Товар (работа, услуга)</th>
            <th>Ед. изм.</th>
            <th>Кол-во</th>
            <th>Цена без НДС</th>
            <th>Стоимость без НДС</th>
            <th>Ставка</th>
            <th>Сумма НДС</th>
            <th>Стоимость с НДС</th>
          </tr>
        </thead>
        <tbody>
          {upd.lines.map((line) => (
            <tr key={line.position}>
              <td>{line.position}</td>
              <td>{line.name}</td>
              <td>{line.unit === "шт" ? "796 шт" : "—"}</td>
              <td className={css.number}>{line.quantity}</td>
              <td className={css.number}>{invoiceSum(Math.round((line.amountKopecks - line.vatKopecks) / line.quantity))}</td>
              <td className={css.number}>{invoiceSum(line.amountKopecks - line.vatKopecks)}</td>
              <td>{vatLabel(line.vat)}</td>
              <td className={css.number}>{line.vat === "exempt" ? "без НДС" : invoiceSum(line.vatKopecks)}</td>
              <td className={css.number}>{invoiceSum(line.amountKopecks)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={5}>Всего к оплате</th>
            <td className={css.number}>{invoiceSum(upd.totalKopecks - vatTotal)}</td>
            <td>×</td>
            <td className={css.number} data-testid="upd-vat">
              {vatTotal === 0 ? "без НДС" : invoiceSum(vatTotal)}
            </td>
            <td className={css.number} data-testid="upd-total">
              {invoiceSum(upd.totalKopecks)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p>{upd.totalInWords}</p>
      <dl className={css.facts}>
        <dt>Товар передал</dt>
        <dd>{upd.seller.kpp ? "Руководитель ____________ / ____________" : "Индивидуальный предприниматель ____________ / ____________"}</dd>
        <dt>Товар получил</dt>
        <dd>____________ / {upd.buyer.contactPerson}, по доверенности № ______ от ______</dd>
        <dt>Дата отгрузки</dt>
        <dd>«____» ____________ 20__ г.</dd>
      </dl>
    </article>
  );
}
