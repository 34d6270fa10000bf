import { Form, Link } from "react-router";
import { handleModeration, loadReviewQueue } from "#app/modules/admin/reviews-page.server.ts";
import { reviewsHref } from "#app/modules/admin/review-filters.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { reviewStatuses } from "#app/modules/db/column-values.ts";
import { reviewStatusLabels } from "#app/modules/reviews/review-words.ts";
import { formatDateTime } from "#app/modules/shared/format.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import { Pagination } from "#app/ui/kit/Pagination.tsx";
import { ReviewText } from "#app/ui/reviews/ReviewText.tsx";
import { Stars } from "#app/ui/reviews/Stars.tsx";
import * as reviewCss from "#app/ui/reviews/reviews.css.ts";
import type { Route } from "./+types/reviews";

export const meta = () => adminMeta("Отзывы о монетах");

export function loader({ url, context }: Route.LoaderArgs) {
  return loadReviewQueue(context, url);
}

export function action({ request, url, context }: Route.ActionArgs) {
  return handleModeration(request, context, url);
}

const tabNames = { pending: "На проверке", published: "Опубликованные", hidden: "Скрытые" } as const;

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { status, pending, rows, total, page, pageCount } = loaderData;
  return (
    <>
      <h1 className={css.title}>Отзывы о монетах</h1>
      <nav aria-label="Отзывы по статусу" className={reviewCss.tabs}>
        {reviewStatuses.map((tab) => (
          <Link key={tab} to={reviewsHref(tab)} aria-current={tab === status ? "page" : undefined} className={reviewCss.tab}>
            {tabNames[tab]}
            {tab === "pending" ? ` (${pending})` : ""}
          </Link>
        ))}
      </nav>
      <p className={css.muted} data-testid="reviews-found">
        {reviewStatusLabels[status]}: {total}
      </p>
      <ul className={reviewCss.queue} data-testid="review-queue">
        {rows.map((row) => (
          <li key={row.id} className={reviewCss.queueItem} data-testid="queued-review" data-review-id={row.id}>
            <p className={reviewCss.queueLine}>
              <Link to={`/products/${row.coinSlug}#reviews`}>{row.coinName}</Link> <span className={css.muted}>{row.coinSku}</span>
            </p>
            <p className={reviewCss.queueLine}>
              <Stars rating={row.rating} spoken={false} /> {row.rating} из 5 · {row.authorName} · <Link to={`/admin/customers/${row.userId}`}>покупатель</Link>{" "}
              · {formatDateTime(row.updatedAt)}
            </p>
            <p className={`${reviewCss.text} ${reviewCss.queueLine}`}>
              <ReviewText text={row.text} />
            </p>
            {row.status === "hidden" && row.hiddenReason ? <p className={css.muted}>Скрыт: {row.hiddenReason}</p> : null}
            <div className={reviewCss.moderation}>
              {row.status !== "published" ? (
                <Form method="post" className={css.inlineForm}>
                  <input type="hidden" name="id" value={row.id} />
                  <input type="hidden" name="version" value={row.version} />
                  <button type="submit" name="intent" value="publish" className={button}>
                    Опубликовать
                  </button>
                </Form>
              ) : null}
              {row.status !== "hidden" ? (
                <Form method="post" className={reviewCss.moderation}>
                  <input type="hidden" name="id" value={row.id} />
                  <input type="hidden" name="version" value={row.version} />
                  <label className={reviewCss.reason}>
                    Причина, её увидит автор
                    <input type="text" name="reason" required minLength={3} maxLength={300} className={css.control} />
                  </label>
                  <button type="submit" name="intent" value="hide" className={css.dangerButton}>
                    Скрыть
                  </button>
                </Form>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {pageCount > 1 ? <Pagination page={page} pageCount={pageCount} hrefFor={(to) => reviewsHref(status, to)} /> : null}
    </>
  );
}
