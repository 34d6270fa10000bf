import { Link } from "react-router";
import type { CoinRating } from "#app/modules/catalog/types.ts";
import { formatRating, reviewCountText } from "#app/modules/reviews/review-words.ts";
import { ReviewList, type ShownReview } from "./ReviewList.tsx";
import { Stars } from "./Stars.tsx";
import * as css from "./reviews.css.ts";

/**
 * «Отзывы покупателей» on the coin's page: the average and count, the newest published reviews, a
 * link to all of them when there are more, and where a buyer who received the coin writes theirs.
 * The same for every visitor, so the page stays one shared page.
 */
export function CoinReviews({ slug, rating, reviews, allHref }: { slug: string; rating: CoinRating | null; reviews: ShownReview[]; allHref: string }) {
  return (
    <section aria-labelledby="reviews-title" id="reviews" className={css.section} data-testid="coin-reviews">
      <h2 id="reviews-title" className={css.heading}>
        Отзывы покупателей
      </h2>
      {rating ? (
        <>
          <RatingSummary rating={rating} />
          <ReviewList reviews={reviews} />
          {rating.count > reviews.length ? (
            <p>
              <Link to={allHref}>Все отзывы ({rating.count})</Link>
            </p>
          ) : null}
        </>
      ) : (
        <p className={css.note}>Отзывов пока нет.</p>
      )}
      <p className={css.note}>
        Отзыв может оставить покупатель, получивший эту монету в заказе. <Link to={`/my/reviews/${slug}`}>Написать отзыв</Link>
      </p>
    </section>
  );
}

/** ★★★★☆ 4,7 из 5 · 12 отзывов */
export function RatingSummary({ rating }: { rating: CoinRating }) {
  return (
    <p className={css.summary} data-testid="rating-summary">
      <Stars rating={rating.average} spoken={false} /> <span className={css.average}>{formatRating(rating.average)} из 5</span>{" "}
      <span>{reviewCountText(rating.count)}</span>
    </p>
  );
}
