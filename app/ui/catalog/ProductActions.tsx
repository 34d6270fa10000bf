import { type Dispatch, type RefObject, type SetStateAction, useEffect, useRef, useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import type { ListActionResult } from "#app/modules/lists/types.ts";
import { Icon } from "../kit/icons.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import * as css from "./catalog.css.ts";
import {
  dropRepeatedPress,
  ListRefusal,
  listActions,
  listFetcherKey,
  type ListName,
  pressedFormFields,
  submitFieldsThroughFetcher,
  useListAnswer,
} from "./ListForm.tsx";
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
  fetcher: Pick<FetcherWithComponents<ListActionResult>, "formData">;
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

/** What the card's buttons show of one list's fetcher: busy, its answer, the change on its way. */
type ListView = Pick<FetcherWithComponents<ListActionResult>, "state" | "data" | "formData">;
type ActionsView = { lists: Record<ListName, ListView>; refusals: (string | undefined)[] };
/** No button pressed yet: what the server rendered. */
const untouched: ActionsView = {
  lists: Object.fromEntries((Object.keys(listActions) as ListName[]).map((list) => [list, { state: "idle", data: undefined, formData: undefined }])) as Record<
    ListName,
    ListView
  >,
  refusals: [],
};
type Press = { list: ListName; fields: FormData };
type SubmitPress = (press: Press) => void;

/**
 * The card's buttons: add to cart (quantity 1, spec section 9: the cart action's default
 * when the form names none), wishlist and comparison. One POST form for the three: the
 * product and the way back once, and each button posts its intent to its list (formaction),
 * so it works without JavaScript and returns the buyer to `returnTo`. With JavaScript the
 * pressed button's list submits through its own fetcher (as ListForm does), so each button
 * keeps its own state and two lists can change at once. One form instead of three per card
 * keeps a catalogue page small.
 *
 * The three fetchers come into being at the card's first press (CardFetchers), not at
 * hydration: a catalogue page hydrates 24 cards, and their 72 fetchers and their effects were
 * the bulk of its hydration on a slow phone (issue 42, decision 063). Until then the buttons
 * show what the server rendered, which is what idle fetchers would show; the form stays the
 * same element, so the pressed button keeps its focus.
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
  const [firstPress, setFirstPress] = useState<Press | null>(null);
  const [view, setView] = useState<ActionsView>(untouched);
  const submitLater = useRef<SubmitPress | null>(null);
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
        event.preventDefault();
        // The pressed button's list takes the form through its own fetcher.
        const list = listOfButton((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null);
        if (!list) return;
        const press = { list, fields: pressedFormFields(event) };
        if (submitLater.current) submitLater.current(press);
        // A second press before the fetchers exist is the first one repeated: dropped.
        else setFirstPress((pending) => pending ?? press);
      }}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      {withCart
        ? cartAddContents(view.lists.cart, membership.cart[productId] ?? 0, {
            className: css.cartButton,
            disabled: !inStock,
            label: inStock ? "В корзину" : unavailableLabel,
            postsTo: listActions.cart,
          })
        : null}
      {listToggle({ ...toggle, list: "wishlist", fetcher: view.lists.wishlist, inListOnServer: membership.wishlist.includes(productId) })}
      {listToggle({ ...toggle, list: "compare", fetcher: view.lists.compare, inListOnServer: membership.compare.includes(productId) })}
      {view.refusals.map((message, index) => (
        <ListRefusal key={index} message={message} />
      ))}
      {firstPress ? <CardFetchers productId={productId} firstPress={firstPress} submitLater={submitLater} showView={setView} /> : null}
    </form>
  );
}

/**
 * The card's three fetchers, from its first press on: sends that press, takes the later ones
 * (through `submitLater`) and hands the fetchers' states to the card's buttons. Renders nothing.
 */
function CardFetchers({
  productId,
  firstPress,
  submitLater,
  showView,
}: {
  productId: number;
  firstPress: Press;
  submitLater: RefObject<SubmitPress | null>;
  showView: Dispatch<SetStateAction<ActionsView>>;
}) {
  const fetchers = {
    cart: useFetcher<ListActionResult>({ key: listFetcherKey("cart", `card-${productId}`) }),
    wishlist: useFetcher<ListActionResult>({ key: listFetcherKey("wishlist", productId) }),
    compare: useFetcher<ListActionResult>({ key: listFetcherKey("compare", productId) }),
  };
  const refusals = [useListAnswer(fetchers.cart), useListAnswer(fetchers.wishlist), useListAnswer(fetchers.compare)];
  const submit = (press: Press) => submitFieldsThroughFetcher(press.fields, fetchers[press.list], listActions[press.list]);
  useEffect(() => {
    submitLater.current = submit;
  });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    submit(firstPress);
  });
  const { cart, wishlist, compare } = fetchers;
  useEffect(() => {
    showView({
      lists: {
        cart: { state: cart.state, data: cart.data, formData: cart.formData },
        wishlist: { state: wishlist.state, data: wishlist.data, formData: wishlist.formData },
        compare: { state: compare.state, data: compare.data, formData: compare.formData },
      },
      refusals,
    });
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- the refusals are derived from the fetchers' data, listed
  }, [showView, cart.state, cart.data, cart.formData, wishlist.state, wishlist.data, wishlist.formData, compare.state, compare.data, compare.formData]);
  return null;
}
