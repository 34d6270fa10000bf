import { type FetcherWithComponents, useFetcher } from "react-router";
import type { ListActionResult } from "#app/modules/lists/types.ts";
import { Icon } from "../kit/icons.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import * as css from "./catalog.css.ts";
import { ListForm, listFetcherKey } from "./ListForm.tsx";
import { inListNow, useListMembership } from "./list-state.ts";

type CartButtonProps = { className: string; disabled?: boolean; label?: string };

/** The cart button and its status line, as the form's fetcher and the page's data say. */
function cartAddContents(fetcher: Pick<FetcherWithComponents<ListActionResult>, "state" | "data">, inCart: number, { className, disabled = false, label = "В корзину" }: CartButtonProps) {
  const busy = fetcher.state !== "idle";
  const added = !busy && fetcher.data?.ok === true;
  return (
    <>
      <button type="submit" className={className} disabled={disabled || busy} aria-busy={busy || undefined}>
        {busy ? "Добавляем…" : label}
      </button>
      <span role="status" className={css.cartStatus} data-testid="in-cart">
        {inCart > 0 ? `${added ? "Добавлено. " : ""}В корзине: ${inCart} шт.` : ""}
      </span>
    </>
  );
}

/**
 * 'В корзину' with what it did: disabled and 'Добавляем…' while the addition is on its way
 * (so impatient clicks add one coin, not three), then 'Добавлено' and 'В корзине: N шт.'
 * (issue 21 item 11). The count comes from the page's data, so it shows without JavaScript too.
 */
export function CartAddButton({ productId, fetcherKey, ...button }: { productId: number; fetcherKey: string } & CartButtonProps) {
  const fetcher = useFetcher<ListActionResult>({ key: fetcherKey });
  const inCart = useListMembership().cart[productId] ?? 0;
  return cartAddContents(fetcher, inCart, button);
}

/**
 * The wishlist or comparison toggle: says whether the coin is already there (aria-pressed,
 * 'В избранном' / 'В сравнении') and the same button takes it out again; with JavaScript the
 * new state shows at once, before the server answers (issue 21 item 5). A plain function, not
 * a component: its state comes from its form's fetcher and the card's one read of the lists.
 */
function listToggle({
  list,
  productId,
  productName,
  returnTo,
  labelled,
  inListOnServer,
}: {
  list: "wishlist" | "compare";
  productId: number;
  productName: string;
  returnTo: string;
  /** The product page has room to say the state in words beside the mark. */
  labelled: boolean;
  inListOnServer: boolean;
}) {
  return (
    <ListForm key={list} action={list === "wishlist" ? "/wishlist" : "/product-comparison"} fetcherKey={listFetcherKey(list, productId)} className={css.inline}>
      {(fetcher) => {
        const inList = inListNow(fetcher, inListOnServer);
        const words =
          list === "wishlist"
            ? { on: "В избранном", off: "В избранное", label: inList ? "В избранном, убрать" : "Добавить в избранное" }
            : { on: "В сравнении", off: "К сравнению", label: inList ? "В сравнении, убрать" : "Добавить к сравнению" };
        return (
          <>
            <input type="hidden" name="intent" value={inList ? "remove" : "add"} />
            <input type="hidden" name="productId" value={productId} />
            <input type="hidden" name="redirectTo" value={returnTo} />
            <button
              type="submit"
              className={labelled ? `${css.iconButton} ${css.labelledToggle}` : css.iconButton}
              title={inList ? words.on : words.off}
              aria-pressed={inList}
              data-testid={`${list}-toggle`}
            >
              <Icon name={list === "wishlist" ? "heart" : "compare"} size={20} />
              {labelled ? <span aria-hidden="true">{inList ? words.on : words.off}</span> : null}
              <span className={visuallyHidden}>
                {words.label}: {productName}
              </span>
            </button>
          </>
        );
      }}
    </ListForm>
  );
}

/**
 * The card's buttons: add to cart (quantity 1, spec section 9: the cart action's default
 * when the form names none), wishlist and comparison.
 * Each is a POST form that works without JavaScript and returns the buyer to `returnTo`.
 * One read of the lists for the three, and one fetcher hook per form (its ListForm's).
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
  const membership = useListMembership();
  const toggle = { productId, productName, returnTo, labelled: !withCart };
  return (
    <div className={css.actions}>
      {withCart ? (
        <ListForm action="/cart" fetcherKey={listFetcherKey("cart", `card-${productId}`)} className={css.inline}>
          {(fetcher) => (
            <>
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="productId" value={productId} />
              <input type="hidden" name="redirectTo" value={returnTo} />
              {cartAddContents(fetcher, membership.cart[productId] ?? 0, { className: css.cartButton, disabled: !inStock, label: inStock ? "В корзину" : "Нет в наличии" })}
            </>
          )}
        </ListForm>
      ) : null}
      {listToggle({ ...toggle, list: "wishlist", inListOnServer: membership.wishlist.includes(productId) })}
      {listToggle({ ...toggle, list: "compare", inListOnServer: membership.compare.includes(productId) })}
    </div>
  );
}
