import { Form } from "react-router";
import { Icon } from "../kit/icons.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import * as css from "./catalog.css.ts";

/**
 * The card's buttons: add to cart (quantity 1, spec section 9), wishlist and comparison.
 * Each is a POST form that works without JavaScript and returns the buyer to `returnTo`.
 */
export function ProductActions({
  productId,
  productName,
  inStock,
  returnTo,
  withCart = true,
}: {
  productId: number;
  productName: string;
  inStock: boolean;
  returnTo: string;
  /** The product page has its own cart form with a quantity. */
  withCart?: boolean;
}) {
  return (
    <div className={css.actions}>
      {withCart ? (
      <Form method="post" action="/cart" className={css.inline}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="quantity" value="1" />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <button type="submit" className={css.cartButton} disabled={!inStock}>
          {inStock ? "В корзину" : "Нет в наличии"}
        </button>
      </Form>
      ) : null}
      <Form method="post" action="/wishlist" className={css.inline}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <button type="submit" className={css.iconButton} title="В избранное">
          <Icon name="heart" size={20} />
          <span className={visuallyHidden}>Добавить в избранное: {productName}</span>
        </button>
      </Form>
      <Form method="post" action="/product-comparison" className={css.inline}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <button type="submit" className={css.iconButton} title="Сравнить">
          <Icon name="compare" size={20} />
          <span className={visuallyHidden}>Добавить к сравнению: {productName}</span>
        </button>
      </Form>
    </div>
  );
}
