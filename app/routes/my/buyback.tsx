import { Form, Link } from "react-router";
import { handleSellerBuyback, loadSellerBuyback } from "#app/modules/storefront/seller-page.server.ts";
import { buybackGradeLabels, buybackStatusLabels } from "#app/modules/buyback/statuses.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import * as css from "./my.css.ts";
import type { Route } from "./+types/buyback";

export function loader({ context }: Route.LoaderArgs) {
  return loadSellerBuyback(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleSellerBuyback(request, context);
}

export const meta = () => [...pageMeta({ title: "Выкуп монет" }), { name: "robots", content: "noindex" }];

export default function MyBuyback({ loaderData }: Route.ComponentProps) {
  const { requests } = loaderData;
  return (
    <>
      <PageHeader
        title="Выкуп монет"
        crumbs={[
          { name: "Личный кабинет", href: "/my" },
          { name: "Выкуп монет", href: "/my/buyback" },
        ]}
      />
      {requests.length === 0 ? (
        <p>
          Заявок на выкуп с вашего номера нет. <Link to="/coin-buyback#request">Оставить заявку</Link>
        </p>
      ) : null}
      {requests.map((request) => (
        <section
          key={request.id}
          className={css.buybackCard}
          data-testid="buyback-request"
          data-quote={request.quoteNumber}
          aria-labelledby={`buyback-${request.id}`}
        >
          <h2 id={`buyback-${request.id}`} className={css.buybackTitle}>
            Заявка {request.quoteNumber}{" "}
            <span className={css.buybackStatus} data-testid="buyback-status">
              {buybackStatusLabels[request.status]}
            </span>
          </h2>
          <dl className={css.facts}>
            <dt>Монеты</dt>
            <dd>
              {request.coin}
              {request.grade ? `, состояние: ${buybackGradeLabels[request.grade]}` : ""}
            </dd>
            <dt>Отправлена</dt>
            <dd>{formatDateTime(request.createdAt)}</dd>
            {request.agreedPrice !== null ? (
              <>
                <dt>Согласованная цена</dt>
                <dd data-testid="buyback-price">{formatMoney(request.agreedPrice)}</dd>
              </>
            ) : request.offeredPrice !== null ? (
              <>
                <dt>Предлагаем</dt>
                <dd data-testid="buyback-price">{formatMoney(request.offeredPrice)}</dd>
              </>
            ) : request.quoted !== null ? (
              <>
                <dt>Цена</dt>
                <dd data-testid="buyback-price">
                  {request.locked ? (
                    <>
                      {formatMoney(request.quoted)}, зафиксирована до {formatDateTime(request.lockedUntil!)}
                    </>
                  ) : request.priceNow !== null ? (
                    <>
                      {formatMoney(request.quoted)} — срок фиксации истёк; по котировкам сейчас {formatMoney(request.priceNow)}
                    </>
                  ) : (
                    <>{formatMoney(request.quoted)}</>
                  )}
                </dd>
              </>
            ) : (
              <>
                <dt>Цена</dt>
                <dd data-testid="buyback-price">назовёт оценщик</dd>
              </>
            )}
            {request.answer ? (
              <>
                <dt>Ответ магазина</dt>
                <dd data-testid="buyback-answer">{request.answer}</dd>
              </>
            ) : null}
          </dl>
          {request.mayRequote ? (
            <Form method="post">
              <input type="hidden" name="id" value={request.id} />
              <input type="hidden" name="version" value={request.version} />
              <button type="submit" name="intent" value="requote" className={button}>
                Зафиксировать цену заново
              </button>
            </Form>
          ) : null}
          {request.offeredPrice !== null ? (
            <div className={css.buybackActions}>
              <Form method="post">
                <input type="hidden" name="id" value={request.id} />
                <input type="hidden" name="version" value={request.version} />
                <button type="submit" name="intent" value="agree" className={button}>
                  Согласен на {formatMoney(request.offeredPrice)}
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="id" value={request.id} />
                <input type="hidden" name="version" value={request.version} />
                <button type="submit" name="intent" value="decline" className={css.logout}>
                  Отказаться
                </button>
              </Form>
            </div>
          ) : null}
          {request.events.length > 0 ? (
            <ol className={css.buybackSteps} data-testid="buyback-steps">
              {request.events.map((event) => (
                <li key={event.id}>
                  <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time> — {buybackStatusLabels[event.status]}
                  {event.note ? `. ${event.note}` : ""}
                </li>
              ))}
            </ol>
          ) : null}
        </section>
      ))}
    </>
  );
}
