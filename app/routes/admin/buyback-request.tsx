import { Form } from "react-router";
import { buybackGradeLabels, buybackStatusLabels, formatPercent } from "#app/modules/buyback/statuses.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { capitalise } from "#app/modules/shared/sentences.ts";
import { handleBuybackAnswer, loadBuybackRequest } from "#app/modules/admin/buyback-page.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { staffRoleLabels } from "#app/modules/staff/roles.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/buyback-request";

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? `Заявка ${loaderData.request.quoteNumber}` : "Заявка на выкуп");

export function loader({ params, context }: Route.LoaderArgs) {
  return loadBuybackRequest(context, params.id);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handleBuybackAnswer(request, context, params.id);
}

export default function AdminBuybackRequest({ loaderData }: Route.ComponentProps) {
  const { request, events, current, acceptTotal, next, audit } = loaderData;
  const quoted = request.unitPrice === null ? null : request.unitPrice * request.quantity;
  const version = <input type="hidden" name="version" value={request.version} />;
  return (
    <>
      <h1 className={css.title}>
        Заявка {request.quoteNumber}{" "}
        <span className={css.titleStatus} data-testid="buyback-status">
          {buybackStatusLabels[request.status]}
        </span>
      </h1>
      <div className={css.columns}>
        <div>
          <section className={css.section}>
            <h2 className={css.sectionTitle}>Продавец и монеты</h2>
            <dl className={css.facts}>
              <dt>Продавец</dt>
              <dd>{request.name}</dd>
              <dt>Телефон</dt>
              <dd>
                <a href={`tel:${request.phone}`}>{formatPhone(request.phone)}</a>
              </dd>
              <dt>Монеты</dt>
              <dd>{request.coinName ? `${request.coinName} × ${request.quantity}` : request.items}</dd>
              {request.grade ? (
                <>
                  <dt>Состояние</dt>
                  <dd>
                    {buybackGradeLabels[request.grade]}
                    {request.gradePercent ? ` (${formatPercent(request.gradePercent)})` : ""}
                  </dd>
                </>
              ) : null}
              {request.coinName && request.items !== `${request.coinName}, ${request.quantity} шт.` ? (
                <>
                  <dt>Описание</dt>
                  <dd>{request.items}</dd>
                </>
              ) : null}
              {request.comment ? (
                <>
                  <dt>Комментарий</dt>
                  <dd>{request.comment}</dd>
                </>
              ) : null}
              <dt>Создана</dt>
              <dd>{formatDateTime(request.createdAt)}</dd>
            </dl>
          </section>
          <section className={css.section} data-testid="buyback-prices">
            <h2 className={css.sectionTitle}>Цена</h2>
            <dl className={css.facts}>
              <dt>Названная продавцу</dt>
              <dd data-testid="quoted-price">
                {quoted === null
                  ? "нет (монеты описаны словами или котировок не было)"
                  : `${formatMoney(quoted)}${request.quantity > 1 ? ` (${formatMoney(request.unitPrice!)} × ${request.quantity})` : ""}${request.lockedUntil ? `, до ${formatDateTime(request.lockedUntil)}` : ""}`}
              </dd>
              <dt>По котировкам сейчас</dt>
              <dd data-testid="current-price">{current ? `${formatMoney(current.total)}${current.locked ? " (зафиксирована)" : ""}` : "—"}</dd>
              {request.offeredPrice !== null ? (
                <>
                  <dt>Предложено</dt>
                  <dd>{formatMoney(request.offeredPrice)}</dd>
                </>
              ) : null}
              {request.agreedPrice !== null ? (
                <>
                  <dt>Согласовано</dt>
                  <dd data-testid="agreed-price">{formatMoney(request.agreedPrice)}</dd>
                </>
              ) : null}
              {request.answer ? (
                <>
                  <dt>Ответ продавцу</dt>
                  <dd data-testid="seller-answer">{capitalise(request.answer)}</dd>
                </>
              ) : null}
            </dl>
          </section>
        </div>
        <div>
          <section className={css.section} data-testid="buyback-actions">
            <h2 className={css.sectionTitle}>Ответ</h2>
            {next.length === 0 ? <p className={css.muted}>Статус окончательный</p> : null}
            <div className={css.actions}>
              {next.includes("contacted") ? (
                <Form method="post" className={css.actionForm}>
                  {version}
                  <label className={css.filterField}>
                    Заметка (видят только сотрудники)
                    <input type="text" name="note" maxLength={300} className={css.control} />
                  </label>
                  <button type="submit" name="intent" value="contacted" className={button}>
                    Связались с продавцом
                  </button>
                </Form>
              ) : null}
              {next.includes("agreed") && acceptTotal !== null ? (
                <Form method="post" className={css.actionForm}>
                  {version}
                  <input type="hidden" name="expectedTotal" value={acceptTotal} />
                  <button type="submit" name="intent" value="accept" className={button}>
                    {request.status === "offered" ? `Продавец согласен: ${formatMoney(acceptTotal)}` : `Принять по цене ${formatMoney(acceptTotal)}`}
                  </button>
                  {request.status !== "offered" && current && !current.locked ? (
                    <p className={css.muted}>Фиксация истекла: цена пересчитана по котировкам сейчас.</p>
                  ) : null}
                </Form>
              ) : null}
              {next.includes("offered") ? (
                <Form method="post" className={css.actionForm}>
                  {version}
                  <label className={css.filterField}>
                    Другая цена, ₽ за всё
                    <input type="text" name="price" inputMode="numeric" required pattern="[\d\s]{1,12}" className={css.control} size={10} />
                  </label>
                  <label className={css.filterField}>
                    Пояснение (увидит продавец)
                    <input type="text" name="note" maxLength={300} className={css.control} />
                  </label>
                  <button type="submit" name="intent" value="offer" className={button}>
                    Предложить цену
                  </button>
                </Form>
              ) : null}
              {next.includes("completed") ? (
                <Form method="post" className={css.actionForm}>
                  {version}
                  <button type="submit" name="intent" value="complete" className={button}>
                    Выкуп завершён
                  </button>
                </Form>
              ) : null}
              {next.includes("rejected") ? (
                <Form method="post" className={css.actionForm}>
                  {version}
                  <label className={css.filterField}>
                    Причина (увидит продавец)
                    <input type="text" name="reason" required minLength={3} maxLength={300} className={css.control} />
                  </label>
                  <button type="submit" name="intent" value="reject" className={css.dangerButton}>
                    Отклонить
                  </button>
                </Form>
              ) : null}
            </div>
          </section>
          <section className={css.section}>
            <h2 className={css.sectionTitle}>Ход заявки (видит продавец)</h2>
            <ol className={css.list} data-testid="buyback-history">
              {events.map((event) => (
                <li key={event.id}>
                  {formatDateTime(event.createdAt)} — {buybackStatusLabels[event.status]}
                  {event.note ? `: ${event.note}` : ""}
                </li>
              ))}
            </ol>
          </section>
          <section className={css.section}>
            <h2 className={css.sectionTitle}>Действия сотрудников</h2>
            {audit.length === 0 ? <p className={css.muted}>Нет</p> : null}
            <ol className={css.list} data-testid="buyback-audit">
              {audit.map((row) => {
                const after = row.after as { status?: keyof typeof buybackStatusLabels; price?: number; note?: string } | null;
                return (
                  <li key={row.id}>
                    {formatDateTime(row.createdAt)} — {formatPhone(row.phone)} ({staffRoleLabels[row.role as keyof typeof staffRoleLabels] ?? row.role}):{" "}
                    {after?.status ? buybackStatusLabels[after.status] : row.action}
                    {after?.price ? `, ${formatMoney(after.price)}` : ""}
                    {after?.note ? ` — «${after.note}»` : ""}
                  </li>
                );
              })}
            </ol>
          </section>
        </div>
      </div>
    </>
  );
}
