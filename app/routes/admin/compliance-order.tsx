import { Form, Link } from "react-router";
import { handleComplianceOrderAction, loadComplianceOrder } from "#app/modules/admin/compliance-page.server.ts";
import { formatDate } from "#app/modules/compliance/identification.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/compliance-order";

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`115-ФЗ: заказ №${params.number}`);

/** Opening this page reads the buyer's identification: the read is written to the audit log. */
export function loader({ params, context }: Route.LoaderArgs) {
  return loadComplianceOrder(context, params.number);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handleComplianceOrderAction(request, context, params.number);
}

export default function AdminComplianceOrder({ loaderData }: Route.ComponentProps) {
  const { order, identification } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/compliance">← Контроль 115-ФЗ</Link>
      </p>
      <h1 className={css.title}>
        Заказ №{order.number}{" "}
        <span className={css.status} data-testid="order-status">
          {orderStatusLabels[order.status]}
        </span>
      </h1>
      <section className={css.section}>
        <dl className={css.facts}>
          <dt>Дата</dt>
          <dd>{formatDateTime(order.createdAt)}</dd>
          <dt>Сумма</dt>
          <dd>{formatMoney(order.total)}</dd>
          <dt>Получатель</dt>
          <dd>{order.buyer || "—"}</dd>
        </dl>
      </section>
      <section className={css.section}>
        <h2 className={css.sectionTitle}>Идентификация покупателя</h2>
        {identification ? (
          <dl className={css.facts} data-testid="identification">
            <dt>ФИО</dt>
            <dd>{identification.fullName}</dd>
            <dt>Дата рождения</dt>
            <dd>{formatDate(identification.birthDate)}</dd>
            <dt>Гражданство</dt>
            <dd>{identification.citizenship}</dd>
            <dt>Документ</dt>
            <dd>{[identification.passportSeries, identification.passportNumber].filter(Boolean).join(" ")}</dd>
            <dt>Выдан</dt>
            <dd>
              {formatDate(identification.issueDate)}, {identification.issuer}
              {identification.issuerCode ? `, код ${identification.issuerCode}` : ""}
            </dd>
            <dt>Адрес регистрации</dt>
            <dd>{identification.registrationAddress}</dd>
          </dl>
        ) : (
          <p className={css.muted}>Заказ оформлен без идентификации (сумма ниже порога).</p>
        )}
        <p className={css.muted}>Каждый просмотр этих данных записывается в журнал действий.</p>
      </section>
      {order.status === "on_review" ? (
        <section className={css.section}>
          <h2 className={css.sectionTitle}>Решение</h2>
          <p>Покупатель совпал с записью перечня по ФИО и дате рождения. Сверьте паспортные данные с записью перечня.</p>
          <div className={css.actions}>
            <Form method="post" className={css.actionForm}>
              <input type="hidden" name="version" value={order.version} />
              <button type="submit" name="intent" value="release" className={button}>
                Совпадение ложное — снять с проверки
              </button>
            </Form>
            <Form method="post" className={css.actionForm}>
              <input type="hidden" name="version" value={order.version} />
              <button type="submit" name="intent" value="cancel" className={css.dangerButton}>
                Отменить заказ
              </button>
            </Form>
          </div>
        </section>
      ) : null}
    </>
  );
}
