import { visuallyHidden } from "#app/ui/kit/kit.css.ts";
import { formatRating } from "#app/modules/reviews/review-words.ts";
import * as css from "./reviews.css.ts";

/**
 * Five stars, the rating's rounded number of them gold. A screen reader hears «Оценка 4,7 из 5»
 * instead, unless the figure is written beside them (`spoken={false}`).
 */
export function Stars({ rating, spoken = true }: { rating: number; spoken?: boolean }) {
  const full = Math.round(rating);
  return (
    <>
      <span className={css.stars} aria-hidden="true">
        {"★".repeat(full)}
        <span className={css.starOff}>{"★".repeat(5 - full)}</span>
      </span>
      {spoken ? <span className={visuallyHidden}>Оценка {formatRating(rating)} из 5</span> : null}
    </>
  );
}
