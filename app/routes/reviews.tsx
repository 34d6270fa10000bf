import { getConfig } from "#app/modules/config/config.server.ts";
import { formatDay } from "#app/modules/content/dates.ts";
import { renderMarkdown } from "#app/modules/content/markdown.server.ts";
import { findPage } from "#app/modules/content/pages.server.ts";
import { listReviews, reviewSummary } from "#app/modules/content/reviews.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { formatNumber } from "#app/modules/shared/format.ts";
import { shop } from "#app/modules/shop/contacts.ts";
import { pluralRu } from "#app/ui/catalog/format-product.ts";
import { Prose } from "#app/ui/content/Prose.tsx";
import * as css from "#app/ui/content/showcase.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/reviews";

/** /reviews: the two external ratings (spec section 1) and buyers' reviews with their ratings. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { publicUrl } = getConfig();
  const [page, rows] = await Promise.all([findPage(db, "reviews"), listReviews(db)]);
  return {
    title: page?.title ?? "Отзывы",
    description: page?.description ?? "",
    introHtml: renderMarkdown(page?.body ?? "", { publicUrl }),
    summary: reviewSummary(rows),
    reviews: rows.map((row) => ({
      id: row.id,
      author: row.author,
      city: row.city,
      rating: row.rating,
      date: row.publishedOn,
      html: renderMarkdown(row.body, { publicUrl }),
      replyHtml: row.reply ? renderMarkdown(row.reply, { publicUrl }) : "",
    })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? pageMeta({ title: loaderData.title, description: loaderData.description || undefined }) : [];
}

const starsText = (rating: number) => "★".repeat(rating) + "☆".repeat(5 - rating);

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { title, introHtml, summary, reviews } = loaderData;
  return (
    <>
      <PageHeader title={title} crumbs={[{ name: title, href: "/reviews" }]} />
      <ul className={css.ratings} aria-label="Рейтинги магазина">
        {shop.ratings.map((rating) => (
          <li key={rating.site} className={css.rating} data-testid="external-rating">
            <span className={css.ratingValue}>{rating.value}</span>
            <span className={css.ratingLabel}>
              рейтинг на{" "}
              <a href={rating.href} target="_blank" rel="noopener nofollow">
                {rating.site === "Яндекс" ? "Яндекс Картах" : rating.site}
              </a>
            </span>
          </li>
        ))}
        {summary.average !== null ? (
          <li className={css.rating}>
            <span className={css.ratingValue}>{formatNumber(summary.average, 1)}</span>
            <span className={css.ratingLabel}>
              средняя оценка {summary.count} {pluralRu(summary.count, ["отзыва", "отзывов", "отзывов"])} на сайте
            </span>
          </li>
        ) : null}
      </ul>
      <Prose html={introHtml} className={css.intro} />
      {reviews.length > 0 ? (
        <ul className={css.reviewList}>
          {reviews.map((review) => (
            <li key={review.id} className={css.review} data-testid="review">
              <div className={css.reviewHead}>
                <h2 className={css.reviewAuthor}>{review.author}</h2>
                {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- the stars are text; an <img> could not show them */}
                <span className={css.stars} role="img" aria-label={`Оценка ${review.rating} из 5`}>
                  {starsText(review.rating)}
                </span>
                <span className={css.reviewMeta}>
                  {review.city ? `${review.city}, ` : null}
                  <time dateTime={review.date}>{formatDay(review.date)}</time>
                </span>
              </div>
              <Prose html={review.html} />
              {review.replyHtml ? (
                <div className={css.reply}>
                  <p className={css.replyTitle}>Ответ магазина</p>
                  <Prose html={review.replyHtml} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>Отзывов пока нет.</p>
      )}
    </>
  );
}
