import type { ProductCard as ProductCardData } from "#app/modules/catalog/types.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { formatOpening, isComing, launchTexts } from "#app/modules/launches/launch.ts";
// The words only: the reviews' stars and their stylesheet stay out of the catalogue's chunks, whose
// styles the server links only from the route (a stylesheet arriving with a later chunk restyles the page).
import { formatRating, reviewCountText } from "#app/modules/reviews/review-words.ts";
import { CoinImage } from "../kit/CoinImage.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import * as css from "./catalog.css.ts";
import { metalNames, weightAndFineness } from "./format-product.ts";
import { ProductActions } from "./ProductActions.tsx";
import { useCardLinkClick } from "./card-links.tsx";

/**
 * How wide the card's picture is laid out. On phones two cards share the width less the
 * page gutters, the gap and the cards' padding (a 412 px screen gives 166 px, not 206), so
 * a phone at density 1.75 takes the 320 px picture instead of the 640 px one.
 */
const pictureSizes = "(min-width: 1280px) 300px, (min-width: 768px) 33vw, calc(50vw - 2.5rem)";

/** A catalogue card: picture, name, metal, weight and fineness, price, availability and the buttons. */
export function ProductCard({ product, returnTo, priority = false }: { product: ProductCardData; returnTo: string; priority?: boolean }) {
  const href = `/products/${product.slug}`;
  const followLink = useCardLinkClick();
  // Announced, sales not open yet: no cart button (the server refuses such a coin anyway).
  const coming = isComing(product.salesOpenAt);
  return (
    // The click handler routes a plain click on the card's links (card-links.tsx); the links themselves take the keyboard.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events -- see above
    <article className={css.card} data-testid="product-card" data-product-id={product.id} onClick={followLink}>
      {/* The picture's link is the name's, for the mouse (hidden from keyboards and screen
          readers). Both are plain links: with JavaScript the card's click handler sends a
          plain click through the router; without it, and for a click with a modifier or
          another button, they are ordinary links. */}
      <a className={css.imageLink} tabIndex={-1} aria-hidden="true" href={href} data-discover="true">
        {product.image ? <CoinImage image={product.image} sizes={pictureSizes} priority={priority} /> : null}
      </a>
      <span className={css.metalBadge[product.metal]}>{metalNames[product.metal]}</span>
      <a href={href} className={css.name} data-discover="true">
        {product.name}
      </a>
      <p className={css.facts}>{weightAndFineness(product)}</p>
      <p className={css.price} data-testid="price">
        {product.price !== null ? formatMoney(product.price) : "Цена уточняется"}
      </p>
      {/* The value figures, formatted on the server: a block of their own. */}
      {product.figures ? (
        <p className={css.facts} data-testid="card-value">
          {product.figures.perGram}
          {product.figures.buyback ? <span className={css.valueLine}>{product.figures.buyback}</span> : null}
        </p>
      ) : null}
      {product.rating ? (
        <p className={css.facts} data-testid="card-rating">
          <span className={css.ratingStar} aria-hidden="true">
            ★
          </span>{" "}
          {formatRating(product.rating.average)}
          <span className={visuallyHidden}> из 5</span> · {reviewCountText(product.rating.count)}
        </p>
      ) : null}
      {coming ? (
        <p className={css.outOfStock} data-testid="card-coming">
          Продажи с {formatOpening(product.salesOpenAt!)}
        </p>
      ) : (
        <p className={product.inStock ? css.inStock : css.outOfStock}>{product.inStock ? "В наличии" : "Нет в наличии"}</p>
      )}
      <ProductActions
        productId={product.id}
        productName={product.name}
        inStock={product.inStock && !coming}
        unavailableLabel={coming ? launchTexts.comingSoon : undefined}
        returnTo={returnTo}
      />
    </article>
  );
}
