import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { returnHandovers } from "#app/modules/db/column-values.ts";
import { returnFormSchema } from "#app/modules/returns/return-form.ts";
import { returnHandoverLabels, returnStatusLabels } from "#app/modules/returns/statuses.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { handleReturnPost, loadReturnPage } from "#app/modules/storefront/return-page.server.ts";
import { FieldErrors, FormErrors, TextAreaField } from "#app/ui/kit/Field.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import * as formCss from "#app/ui/kit/form.css.ts";
import * as css from "./my.css.ts";
import type { Route } from "./+types/order-return";

/** The buyer's return of a received order (ЗоЗПП ст. 26.1); another buyer's order, or none, is a 404. */
export function loader({ url, context, params }: Route.LoaderArgs) {
  return loadReturnPage(url, context, params.id);
}

export function action({ request, url, context, params }: Route.ActionArgs) {
  return handleReturnPost(request, url, context, params.id);
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta({ title: loaderData ? `Возврат по заказу №${loaderData.order.number}` : "Возврат" }),
  { name: "robots", content: "noindex" },
];

/** Why the form is not offered, in the buyer's words. */
function closedText(offer: Route.ComponentProps["loaderData"]["offer"]): string | null {
  switch (offer.kind) {
    case "off":
      return "Магазин сейчас не принимает заявки на возврат через сайт: позвоните нам, и мы оформим возврат.";
    case "not-received":
      return "Возврат можно оформить после получения заказа (статус «Выполнен»). До получения заказ можно отменить: позвоните нам.";
    case "expired":
      return `Срок возврата истёк ${offer.lastDay}. Если монета с недостатком, позвоните нам: такой возврат срок не ограничивает.`;
    case "open-request":
      return "По заказу уже есть заявка на возврат: дождитесь ответа по ней.";
    case "nothing-left":
      return "Все монеты этого заказа уже возвращены.";
    case "available":
      return null;
  }
}

export default function OrderReturn({ loaderData, actionData }: Route.ComponentProps) {
  const { order, terms, offer, requests } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: returnFormSchema }),
    shouldValidate: "onSubmit",
  });
  const typed = (actionData?.initialValue ?? {}) as Record<string, unknown>;
  const closed = closedText(offer);
  return (
    <>
      <PageHeader
        title={`Возврат по заказу №${order.number}`}
        crumbs={[
          { name: "Личный кабинет", href: "/my" },
          { name: "Заказы", href: "/my/orders" },
          { name: `№${order.number}`, href: `/my/orders/${order.id}` },
          { name: "Возврат", href: `/my/orders/${order.id}/return` },
        ]}
      />
      <section data-testid="return-terms" aria-labelledby="return-terms-title">
        <h2 id="return-terms-title">Условия возврата</h2>
        {terms.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p>
          <Link to="/return">Подробнее об обмене и возврате</Link>
        </p>
      </section>
      {requests.map((request) => (
        <section key={request.id} className={css.buybackCard} data-testid="return-request" aria-labelledby={`return-${request.id}`}>
          <h2 id={`return-${request.id}`} className={css.buybackTitle}>
            Заявка №{request.id}{" "}
            <span className={css.buybackStatus} data-testid="return-status">
              {returnStatusLabels[request.status]}
            </span>
          </h2>
          <dl className={css.facts}>
            <dt>Монеты</dt>
            <dd>{request.lines.map((line) => `${line.name} × ${line.quantity}`).join(", ")}</dd>
            <dt>К возврату</dt>
            <dd data-testid="return-amount">{formatMoney(request.amount)}</dd>
            <dt>Передача</dt>
            <dd>{returnHandoverLabels[request.handover]}</dd>
            <dt>Отправлена</dt>
            <dd>{formatDateTime(request.createdAt)}</dd>
            {request.moneyBack ? (
              <>
                <dt>Деньги возвращены</dt>
                <dd data-testid="return-money-back">
                  {formatDateTime(request.moneyBack.at)}. {request.moneyBack.how}
                </dd>
              </>
            ) : null}
            {request.refusal ? (
              <>
                <dt>Причина отказа</dt>
                <dd data-testid="return-refusal">{request.refusal}</dd>
              </>
            ) : null}
          </dl>
        </section>
      ))}
      {closed ? (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- an <output> holds phrasing content only, and this holds a paragraph
        <div role="status" data-testid="return-closed">
          <p>{closed}</p>
        </div>
      ) : offer.kind === "available" ? (
        <Form method="post" {...getFormProps(form)} className={css.form} data-testid="return-form">
          <h2>Оформить возврат</h2>
          <p>
            Заявку можно отправить до {offer.lastDay} включительно (по московскому времени). Монеты передайте по адресу: {offer.address}.
          </p>
          <FormErrors errors={form.errors} />
          <fieldset className={formCss.field}>
            <legend className={formCss.label}>Какие монеты вернуть</legend>
            {offer.lines.map((line) => (
              <div key={line.id} className={formCss.field}>
                <label htmlFor={`qty-${line.id}`}>
                  {line.name}, {formatMoney(line.price)} за шт. (можно вернуть до {line.left} шт.)
                </label>
                <input
                  id={`qty-${line.id}`}
                  name={`qty-${line.id}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={line.left}
                  step={1}
                  defaultValue={typeof typed[`qty-${line.id}`] === "string" ? (typed[`qty-${line.id}`] as string) : "0"}
                  className={formCss.input}
                />
              </div>
            ))}
            <FieldErrors id="return-pieces-error" errors={fields.pieces?.errors} />
          </fieldset>
          <TextAreaField label="Почему возвращаете" errors={fields.reason.errors} textareaProps={{ ...getTextareaProps(fields.reason), maxLength: 1000 }} />
          <fieldset className={formCss.field}>
            <legend className={formCss.label}>Как передадите монеты</legend>
            {returnHandovers.map((handover) => {
              const { key: _key, ...radio } = getInputProps(fields.handover, { type: "radio", value: handover });
              return (
                <div key={handover} className={formCss.checkboxRow}>
                  <input {...radio} id={`handover-${handover}`} />
                  <label htmlFor={`handover-${handover}`}>{returnHandoverLabels[handover]}</label>
                </div>
              );
            })}
            <FieldErrors id={`${fields.handover.id}-error`} errors={fields.handover.errors} />
          </fieldset>
          <TextAreaField
            label="Комментарий (необязательно)"
            errors={fields.comment.errors}
            textareaProps={{ ...getTextareaProps(fields.comment), maxLength: 1000 }}
          />
          <button type="submit" className={button}>
            Отправить заявку на возврат
          </button>
        </Form>
      ) : null}
      <p>
        <Link to={`/my/orders/${order.id}`}>К заказу №{order.number}</Link>
      </p>
    </>
  );
}
