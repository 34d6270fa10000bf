import { type FetcherWithComponents, useFetcher } from "react-router";
import type { ListActionResult } from "#app/modules/lists/types.ts";
import { Icon } from "../kit/icons.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import * as css from "./catalog.css.ts";
import { dropRepeatedPress, ListRefusal, listActions, listFetcherKey, type ListName, submitThroughFetcher, useListAnswer } from "./ListForm.tsx";
import { inListNow, useListMembership } from "./list-state.ts";

type CartButtonProps = {
  className: string;
  disabled?: boolean;
  label?: string;
  /** In a form of several lists (the card's): the button posts intent=add to the cart itself. */
  postsTo?: "/cart";
};

/** The cart button and its status line, as the form's fetcher and the page's data say. */
function cartAddContents(
  fetcher: Pick<FetcherWithComponents<ListActionResult>, "state" | "data">,
  inCart: number,
  { className, disabled = false, label = "В корзину", postsTo }: CartButtonProps,
) {
  const busy = fetcher.state !== "idle";
  const added = !busy && fetcher.data?.ok === true;
  return (
    <>
      <button
        type="submit"
        {...(postsTo ? { name: "intent", value: "add", formAction: postsTo } : {})}
        className={className}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
      >
        {busy ? "Добавляем…" : label}
      </button>
      <output className={css.cartStatus} data-testid="in-cart">
        {/* Less than asked went in: the reason, as the page without JavaScript says it after the redirect. */}
        {added && fetcher.data?.capped ? fetcher.data.message : inCart > 0 ? `${added ? "Добавлено. " : ""}В корзине: ${inCart} шт.` : ""}
      </output>
    </>
  );
}

/**
 * 'В корзину' with what it did: disabled and 'Добавляем…' while the addition is on its way
 * (so impatient clicks add one coin, not three), then 'Добавлено' and 'В корзине: N шт.'
 *. The count comes from the page's data, so it shows without JavaScript too.
 */
export function CartAddButton({ productId, fetcherKey, ...button }: { productId: number; fetcherKey: string } & CartButtonProps) {
  const fetcher = useFetcher<ListActionResult>({ key: fetcherKey });
  const inCart = useListMembership().cart[productId] ?? 0;
  return cartAddContents(fetcher, inCart, button);
}

/** The list a button posts to, from its formaction. */
function listOfButton(button: HTMLButtonElement | null): ListName | undefined {
  const action = button?.getAttribute("formaction");
  return (Object.keys(listActions) as ListName[]).find((list) => listActions[list] === action);
}

/**
 * The wishlist or comparison toggle: says whether the coin is already there (aria-pressed,
 * 'В избранном' / 'В сравнении') and the same button takes it out again; with JavaScript the
 * new state shows at once, before the server answers. Its name and value
 * are the intent, so the card's one form says what this button asks for.
 */
function listToggle({
  list,
  fetcher,
  productName,
  labelled,
  inListOnServer,
}: {
  list: "wishlist" | "compare";
  fetcher: FetcherWithComponents<ListActionResult>;
  productName: string;
  /** The product page has room to say the state in words beside the mark. */
  labelled: boolean;
  inListOnServer: boolean;
}) {
  const inList = inListNow(fetcher, inListOnServer);
  const words =
    list === "wishlist"
      ? { on: "В избранном", off: "В избранное", label: inList ? "В избранном, убрать" : "Добавить в избранное" }
      : { on: "В сравнении", off: "К сравнению", label: inList ? "В сравнении, убрать" : "Добавить к сравнению" };
  return (
    <button
      key={list}
      type="submit"
      name="intent"
      value={inList ? "remove" : "add"}
      formAction={listActions[list]}
      className={labelled ? `${css.iconButton} ${css.labelledToggle}` : css.iconButton}
      title={inList ? words.on : words.off}
      aria-pressed={inList}
      data-testid={`${list}-toggle`}
    >
      <Icon name={list === "wishlist" ? "heart" : "compare"} size={20} />
      {labelled ? <span aria-hidden="true">{inList ? words.on : words.off}</span> : null}
      <span className={visuallyHidden}>{`${words.label}: ${productName}`}</span>
    </button>
  );
}

/**
 * The card's buttons: add to cart (quantity 1, spec section 9: the cart action's default
 * when the form names none), wishlist and comparison. One POST form for the three: the
 * product and the way back once, and each button posts its intent to its list (formaction),
 * so it works without JavaScript and returns the buyer to `returnTo`. With JavaScript the
 * pressed button's list submits through its own fetcher (as ListForm does), so each button
 * keeps its own state and two lists can change at once. One form instead of three per card
 * keeps a catalogue page small.
 */
export function ProductActions({
  productId,
  productName,
  inStock,
  returnTo,
  withCart = true,
  unavailableLabel = "Нет в наличии",
}: {
  productId: number;
  productName: string;
  inStock: boolean;
  /** The disabled cart button's word when the coin cannot be bought («Скоро в продаже» for an announced coin). */
  unavailableLabel?: string;
  returnTo: string;
  /** The product page has its own cart form with a quantity. */
  withCart?: boolean;
}) {
  const membership = useListMembership();
  const fetchers = {
    cart: useFetcher<ListActionResult>({ key: listFetcherKey("cart", `card-${productId}`) }),
    wishlist: useFetcher<ListActionResult>({ key: listFetcherKey("wishlist", productId) }),
    compare: useFetcher<ListActionResult>({ key: listFetcherKey("compare", productId) }),
  };
  const refusals = [useListAnswer(fetchers.cart), useListAnswer(fetchers.wishlist), useListAnswer(fetchers.compare)];
  const toggle = { productName, labelled: !withCart };
  return (
    // The click handler only drops a repeated press of the submit buttons; a keyboard presses the buttons themselves.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events -- see above
    <form
      method="post"
      action={withCart ? listActions.cart : listActions.wishlist}
      className={css.actions}
      onClick={dropRepeatedPress}
      onSubmit={(event) => {
        // The pressed button's list takes the form through its own fetcher.
        const list = listOfButton((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null);
        if (list) submitThroughFetcher(event, fetchers[list], listActions[list]);
        else event.preventDefault();
      }}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      {withCart
        ? cartAddContents(fetchers.cart, membership.cart[productId] ?? 0, {
            className: css.cartButton,
            disabled: !inStock,
            label: inStock ? "В корзину" : unavailableLabel,
            postsTo: listActions.cart,
          })
        : null}
      {listToggle({ ...toggle, list: "wishlist", fetcher: fetchers.wishlist, inListOnServer: membership.wishlist.includes(productId) })}
      {listToggle({ ...toggle, list: "compare", fetcher: fetchers.compare, inListOnServer: membership.compare.includes(productId) })}
      {refusals.map((message, index) => (
        <ListRefusal key={index} message={message} />
      ))}
    </form>
  );
}
