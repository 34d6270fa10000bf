import { formatDay, moscowToday } from "#app/modules/content/dates.ts";
import { ReviewText } from "./ReviewText.tsx";
import { Stars } from "./Stars.tsx";
import * as css from "./reviews.css.ts";

export type ShownReview = { id: number; rating: number; text: string; authorName: string; createdAt: string };

/** Published reviews, newest first: who, when, the stars and the words. */
export function ReviewList({ reviews }: { reviews: ShownReview[] }) {
  return (
    <ul className={css.list} data-testid="reviews">
      {reviews.map((review) => (
        <li key={review.id} className={css.item} data-testid="review">
          <p className={css.meta}>
            <span className={css.author}>{review.authorName}</span>
            <Stars rating={review.rating} />
            <time className={css.date} dateTime={review.createdAt}>
              {formatDay(moscowToday(new Date(review.createdAt)))}
            </time>
          </p>
          <p className={css.text}>
            <ReviewText text={review.text} />
          </p>
        </li>
      ))}
    </ul>
  );
}
