import { Form, Link } from "react-router";
import { formatDateTime } from "#app/modules/shared/format.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { handleShopForm, loadShopPage } from "#app/modules/admin/shop-page.server.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { FailedMessagesTable } from "#app/ui/admin/AdminList.tsx";
import { SalesForms } from "#app/ui/admin/SalesForms.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/shop";

export const meta = () => adminMeta("Магазин");

export function loader({ context }: Route.LoaderArgs) {
  return loadShopPage(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleShopForm(request, context);
}

const pruned = [
  ["sessions", "истёкших сессий"],
  ["rateLimitEvents", "старых событий ограничений"],
  ["smsCodes", "использованных и истёкших SMS-кодов"],
  ["anonymousListItems", "строк брошенных корзин, избранного и сравнений гостей"],
  ["checkoutDrafts", "брошенных черновиков оформления гостей"],
] as const;

const outboxLabels = [
  ["pending", "ждут отправки"],
  ["sending", "отправляются"],
  ["failed", "не отправлены"],
  ["sent", "отправлены"],
  ["skipped", "пропущены"],
] as const;

export default function AdminShop({ loaderData }: Route.ComponentProps) {
  const { sales, quotes, housekeeping, outbox } = loaderData;
  return (
    <>
      <h1 className={css.title}>Магазин</h1>
      <SalesForms sales={sales} from="/admin/shop" />

      <section className={css.section} data-testid="quotes">
        <h2 className={css.sectionTitle}>Котировки</h2>
        <dl className={css.facts}>
          <dt>Источник</dt>
          <dd>
            {quotes.source ?? "—"} <span className={css.muted}>(QUOTES_PROVIDER={quotes.provider})</span>
          </dd>
          <dt>Получены</dt>
          <dd data-testid="quotes-time">{quotes.time ? `${formatDateTime(quotes.time)}, ${quotes.ageMinutes} мин назад` : "котировок нет"}</dd>
          <dt>Состояние</dt>
          <dd className={quotes.fresh ? undefined : css.warning}>
            {quotes.fresh
              ? `свежие (заказы принимаются, пока им не больше ${quotes.maxAgeMinutes} мин)`
              : `устарели (старше ${quotes.maxAgeMinutes} мин) — заказы не принимаются`}
          </dd>
          <dt>Обновляются</dt>
          <dd>каждые {quotes.refreshMinutes} мин</dd>
          <dt>Ошибки</dt>
          <dd data-testid="quotes-errors">
            {quotes.log?.lastError ? (
              <>
                <span className={quotes.log.failuresInRow > 0 ? css.warning : undefined}>
                  {quotes.log.failuresInRow > 0 ? `${quotes.log.failuresInRow} неудачных попыток подряд` : "последняя попытка удалась"}
                </span>
                <br />
                <span className={css.muted}>
                  {quotes.log.lastErrorAt ? formatDateTime(quotes.log.lastErrorAt) : ""}: {quotes.log.lastError}
                </span>
              </>
            ) : (
              "нет"
            )}
          </dd>
        </dl>
        <Form method="post" className={css.soloForm}>
          <button type="submit" name="intent" value="refresh-quotes" className={button}>
            Обновить котировки
          </button>
        </Form>
      </section>

      <section className={css.section} data-testid="housekeeping">
        <h2 className={css.sectionTitle}>Уборка данных</h2>
        {housekeeping ? (
          <>
            <p>Последний раз: {formatDateTime(housekeeping.at)}. Удалено:</p>
            <ul className={css.list}>
              {pruned.map(([key, label]) => (
                <li key={key}>
                  {label}: {housekeeping.counts[key]}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className={css.muted}>Ещё не запускалась: она идёт раз в час после запуска магазина (или npm run shop -- prune).</p>
        )}
      </section>

      <section className={css.section} data-testid="outbox">
        <h2 className={css.sectionTitle}>Сообщения покупателям и сотрудникам</h2>
        <ul className={css.list} data-testid="outbox-counts">
          {outboxLabels.map(([status, label]) => (
            <li key={status} className={status === "failed" && outbox.counts.failed > 0 ? css.warning : undefined}>
              {label}: {outbox.counts[status]}
            </li>
          ))}
        </ul>
        {outbox.failed.length > 0 ? (
          <div className={css.soloForm}>
            <FailedMessagesTable rows={outbox.failed} testId="outbox-failed" />
          </div>
        ) : null}
      </section>
      <p className={css.muted}>
        Все изменения записываются в <Link to="/admin/audit">журнал действий</Link>.
      </p>
    </>
  );
}
