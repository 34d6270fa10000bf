import { Icon } from "../kit/icons.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import * as css from "./catalog.css.ts";
import { ListForm, listFetcherKey } from "./ListForm.tsx";

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
      <ListForm action="/cart" fetcherKey={listFetcherKey("cart", `card-${productId}`)} className={css.inline}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="quantity" value="1" />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <button type="submit" className={css.cartButton} disabled={!inStock}>
          {inStock ? "В корзину" : "Нет в наличии"}
        </button>
      </ListForm>
      ) : null}
      <ListForm action="/wishlist" fetcherKey={listFetcherKey("wishlist", productId)} className={css.inline}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <button type="submit" className={css.iconButton} title="В избранное">
          <Icon name="heart" size={20} />
          <span className={visuallyHidden}>Добавить в избранное: {productName}</span>
        </button>
      </ListForm>
      <ListForm action="/product-comparison" fetcherKey={listFetcherKey("compare", productId)} className={css.inline}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <button type="submit" className={css.iconButton} title="Сравнить">
          <Icon name="compare" size={20} />
          <span className={visuallyHidden}>Добавить к сравнению: {productName}</span>
        </button>
      </ListForm>
    </div>
  );
}
