import { Form, Link } from "react-router";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { handleAdminReturnStep, loadAdminReturn } from "#app/modules/admin/returns-page.server.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { returnHandoverLabels, returnStatusLabels } from "#app/modules/returns/statuses.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/return";

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? `Возврат №${loaderData.request.id}` : "Возврат");

export function loader({ params, context }: Route.LoaderArgs) {
  return loadAdminReturn(context, params.id);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handleAdminReturnStep(request, context, params.id);
}

export default function AdminReturn({ loaderData }: Route.ComponentProps) {
  const { request, order, buyerPhone, receivedAt, next, address, refundBy, refundByHand } = loaderData;
  const version = <input type="hidden" name="version" value={request.version} />;
  return (
    <>
      <p>
        <Link to="/admin/returns">← Возвраты</Link>
      </p>
      <h1 className={css.title}>
        Возврат №{request.id}{" "}
        <span className={css.titleStatus} data-testid="return-status">
          {returnStatusLabels[request.status]}
        </span>
      </h1>
      <div className={css.columns}>
        <section className={css.section} data-testid="return-facts">
          <h2 className={css.sectionTitle}>Заявка</h2>
          <dl className={css.facts}>
            <dt>Заказ</dt>
            <dd>
              <Link to={`/admin/orders/${order.number}`}>№{order.number}</Link>
            </dd>
            <dt>Покупатель</dt>
            <dd>
              <a href={`tel:${buyerPhone}`}>{formatPhone(buyerPhone)}</a>
            </dd>
            <dt>Получен покупателем</dt>
            <dd>{receivedAt ? formatDateTime(receivedAt) : "—"}</dd>
            <dt>Монеты</dt>
            <dd>{request.lines.map((line) => `${line.name} × ${line.quantity} по ${formatMoney(line.priceRub)}`).join(", ")}</dd>
            <dt>К возврату</dt>
            <dd data-testid="return-amount">{formatMoney(request.amount)}</dd>
            {next.includes("refunded") || next.includes("received") || next.includes("approved") ? (
              <>
                <dt>Вернуть деньги до</dt>
                <dd data-testid="return-refund-by">{refundBy} включительно (10 дней со дня заявки)</dd>
              </>
            ) : null}
            <dt>Причина покупателя</dt>
            <dd>{request.reason}</dd>
            <dt>Передача</dt>
            <dd>
              {returnHandoverLabels[request.handover]} ({address})
            </dd>
            {request.comment ? (
              <>
                <dt>Комментарий</dt>
                <dd>{request.comment}</dd>
              </>
            ) : null}
            {request.sellable !== null ? (
              <>
                <dt>Монеты получены</dt>
                <dd>{request.sellable ? "в продаваемом виде, снова в продаже" : "не в продаваемом виде, в продажу не возвращены"}</dd>
              </>
            ) : null}
            {request.refusal ? (
              <>
                <dt>Причина отказа</dt>
                <dd>{request.refusal}</dd>
              </>
            ) : null}
            <dt>Создана</dt>
            <dd>{formatDateTime(request.createdAt)}</dd>
          </dl>
        </section>
        <section className={css.section} data-testid="return-actions">
          <h2 className={css.sectionTitle}>Действия</h2>
          {next.length === 0 ? <p className={css.muted}>Статус окончательный</p> : null}
          <div className={css.actions}>
            {next.includes("approved") ? (
              <Form method="post" className={css.actionForm}>
                {version}
                <button type="submit" name="intent" value="approve" className={button}>
                  Одобрить: ждём монеты
                </button>
              </Form>
            ) : null}
            {next.includes("received") ? (
              <Form method="post" className={css.actionForm}>
                {version}
                <fieldset>
                  <legend>В каком виде монеты</legend>
                  <label className={css.checkLine}>
                    <input type="radio" name="sellable" value="yes" required /> В продаваемом виде: вернуть в продажу
                  </label>
                  <label className={css.checkLine}>
                    <input type="radio" name="sellable" value="no" /> Не в продаваемом виде: в продажу не возвращать
                  </label>
                </fieldset>
                <button type="submit" name="intent" value="receive" className={button}>
                  Монеты получены
                </button>
              </Form>
            ) : null}
            {next.includes("refunded") && refundByHand ? <RefundByHandForms version={request.version} amount={request.amount} /> : null}
            {next.includes("refunded") && !refundByHand ? (
              <Form method="post" className={css.actionForm}>
                {version}
                <p className={css.muted}>Деньги уйдут через платёжный сервис с чеком «возврат прихода»; покупателю придут SMS и письмо.</p>
                <button type="submit" name="intent" value="refund" className={button}>
                  Вернуть {formatMoney(request.amount)}
                </button>
              </Form>
            ) : null}
            {next.includes("refused") ? (
              <Form method="post" className={css.actionForm}>
                {version}
                <label className={css.filterField}>
                  Причина отказа (её увидит покупатель)
                  <input type="text" name="refusal" required minLength={3} maxLength={500} className={css.control} />
                </label>
                <button type="submit" name="intent" value="refuse" className={css.dangerButton}>
                  Отказать
                </button>
              </Form>
            ) : null}
          </div>
        </section>
      </div>
    </>
  );
}

/**
 * Money back for an order paid on receipt or by invoice (decision 061): staff give it in cash at the
 * office or send it by bank transfer, then record the document here; the request is refunded with it.
 */
function RefundByHandForms({ version, amount }: { version: number; amount: number }) {
  const hidden = (
    <>
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="amount" value={amount} />
    </>
  );
  return (
    <>
      <p className={css.muted}>Заказ оплачен не онлайн: верните {formatMoney(amount)} наличными в кассе или переводом и запишите документ.</p>
      <Form method="post" className={css.actionForm} data-testid="refund-cash">
        {hidden}
        <h3 className={css.sectionTitle}>Наличными в кассе</h3>
        <label className={css.filterField}>
          Фискальный признак или номер чека «возврат прихода»
          <input type="text" name="receipt" required maxLength={64} className={css.control} />
        </label>
        <button type="submit" name="intent" value="refund_cash" className={button}>
          Выдано наличными: {formatMoney(amount)}
        </button>
      </Form>
      <Form method="post" className={css.actionForm} data-testid="refund-transfer">
        {hidden}
        <h3 className={css.sectionTitle}>Переводом на счёт покупателя</h3>
        <label className={css.filterField}>
          Получатель (ФИО или организация)
          <input type="text" name="recipient" required minLength={3} maxLength={200} autoComplete="off" className={css.control} />
        </label>
        <label className={css.filterField}>
          БИК банка
          <input type="text" name="bik" required inputMode="numeric" pattern="\d{9}" maxLength={9} autoComplete="off" className={css.control} />
        </label>
        <label className={css.filterField}>
          Счёт получателя (20 цифр)
          <input type="text" name="account" required inputMode="numeric" pattern="[\d ]{20,25}" maxLength={25} autoComplete="off" className={css.control} />
        </label>
        <label className={css.filterField}>
          Номер платёжного поручения
          <input type="text" name="paymentOrder" required inputMode="numeric" pattern="\d{1,6}" maxLength={6} className={css.control} />
        </label>
        <label className={css.filterField}>
          Дата платёжного поручения
          <input type="date" name="paidOn" required className={css.control} />
        </label>
        <button type="submit" name="intent" value="refund_transfer" className={button}>
          Отправлено переводом: {formatMoney(amount)}
        </button>
      </Form>
    </>
  );
}
