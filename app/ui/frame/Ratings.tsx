import { shop } from "#app/modules/shop/contacts.ts";
import { rating, ratingValue, ratings } from "./frame.css.ts";

/** The two review-site ratings of spec section 1: in the top bar from md up, in the side menu on phones. */
export function Ratings({ className = ratings }: { className?: string }) {
  return (
    <div className={className}>
      {shop.ratings.map((entry) => (
        <a key={entry.site} href={entry.href} className={rating} rel="noopener" target="_blank">
          {entry.site} <span className={ratingValue}>★ {entry.value}</span>
        </a>
      ))}
    </div>
  );
}
