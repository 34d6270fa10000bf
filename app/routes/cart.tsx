import { launchTexts } from "#app/modules/launches/launch.ts";
import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useFetchers, useNavigate } from "react-router";
import { refusedQuantity } from "#app/modules/lists/cart-quantities.server.ts";
import { quantityField } from "#app/modules/lists/typed-quantity.ts";
import { handleListForm } from "#app/modules/storefront/list-form-actions.server.ts";
import { cartSummary, type CartLine } from "#app/modules/lists/summary.server.ts";
import type { ListActionResult } from "#app/modules/lists/types.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { databaseContext, listOwnerContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { ListForm, listFetcherKey } from "#app/ui/catalog/ListForm.tsx";
import { pluralRu, weightAndFineness } from "#app/ui/catalog/format-product.ts";
import { CoinImage } from "#app/ui/kit/CoinImage.tsx";
import { DiscountNote, UnitPrice } from "#app/ui/pricing/DiscountNote.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import { useHydrated } from "#app/ui/use-hydrated.ts";
import * as css from "./cart.css.ts";
import * as listsCss from "./lists.css.ts";
import type { FrameHandle } from "#app/modules/shop/frame-options.ts";
import type { Route } from "./+types/cart";

/** The id of the 'Пересчитать' form the lines' quantity fields belong to. */
const QUANTITIES_FORM = "cart-quantities";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const summary = await cartSummary(db, context.get(listOwnerContext), (await getQuotesService()).rates());
  // ?qty:<id>=…: a quantity 'Пересчитать' refused, named next to its line (nothing was changed).
  const lines = summary.lines.map((line) => ({ ...line, refused: refusedQuantity(line, url.searchParams) }));
  // ?confirm=clear: 'Очистить корзину' was pressed; the page asks before anything is removed.
  return { ...summary, lines, confirmClear: url.searchParams.get("confirm") === "clear" && summary.lines.length > 0 };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleListForm(request, context, "cart");
}

/** Spec section 2: the header sticks on the cart, the quotes bar from lg up. */
export const handle = { frame: { stickyHeader: true } } satisfies FrameHandle;

export const meta = () => [...pageMeta({ title: "Корзина" }), { name: "robots", content: "noindex" }];

/** One cart line with its own fetcher, so quick +/− clicks on it replace each other instead of racing. */
function CartLineItem({ line, refusal }: { line: CartLine; refusal: string | null }) {
  const key = listFetcherKey("cart", `line-${line.product.id}`);
  const fetcher = useFetcher<ListActionResult>({ key });
  const hydrated = useHydrated();
  // While a change is on its way, show the quantity it asks for.
  const pending = fetcher.formData?.get("intent") === "set" ? Number(fetcher.formData.get("quantity")) : null;
  const quantity = pending ?? line.quantity;
  const href = `/products/${line.product.slug}`;
  const quantityForm = (next: number, label: string, text: string, disabled: boolean) => (
    <fetcher.Form method="post" action="/cart" className={css.inline}>
      <input type="hidden" name="_fetcher" value="1" disabled={!hydrated} />
      <input type="hidden" name="intent" value="set" />
      <input type="hidden" name="productId" value={line.product.id} />
      <input type="hidden" name="quantity" value={next} />
      <button type="submit" className={css.step} aria-label={label} disabled={disabled}>
        {text}
      </button>
    </fetcher.Form>
  );

  return (
    <li className={line.available ? css.line : `${css.line} ${css.lineUnavailable}`} data-testid="cart-line" data-product-id={line.product.id}>
      <Link to={href} className={css.lineImage} tabIndex={-1} aria-hidden="true">
        {line.product.image ? <CoinImage image={line.product.image} sizes="96px" /> : null}
      </Link>
      <div className={css.lineInfo}>
        <Link to={href} className={css.lineName}>
          {line.product.name}
        </Link>
        <span className={css.muted}>{weightAndFineness(line.product)}</span>
        <span className={css.muted}>
          {line.unitPrice !== null ? (
            <UnitPrice price={line.unitPrice} basePrice={line.product.price} />
          ) : line.product.price !== null ? (
            `${formatMoney(line.product.price)} за шт.`
          ) : (
            "Цена уточняется"
          )}
        </span>
        <DiscountNote discount={line.discount} quantity={Math.min(line.quantity, line.product.stock)} />
        {line.buyerCap !== null ? (
          <span className={css.muted} data-testid="line-buyer-cap">
            {launchTexts.cap(line.buyerCap)}
          </span>
        ) : null}
        {line.problem ? (
          <span className={css.problem} data-testid="line-problem">
            {line.problem}
          </span>
        ) : null}
        {fetcher.data && !fetcher.data.ok && fetcher.state === "idle" ? <span className={css.problem}>{fetcher.data.message}</span> : null}
        {refusal ? (
          <span id={`${quantityField(line.product.id)}-error`} className={css.problem} role="alert" data-testid="quantity-error">
            {refusal}
          </span>
        ) : null}
      </div>
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a <fieldset> brings a border, padding and a min-width this layout does not want */}
      <div className={css.quantity} role="group" aria-label="Количество">
        {quantityForm(quantity - 1, `Уменьшить количество: ${line.product.name}`, "−", quantity <= 1 || !line.product.active)}
        {/* Typed quantities join the 'Пересчитать' form below: one post for all lines, with or without JavaScript. */}
        <input
          // A refusal puts the field back to the quantity the total is for (the message names what was typed).
          key={`${quantity}:${refusal ?? ""}`}
          type="number"
          form={QUANTITIES_FORM}
          name={quantityField(line.product.id)}
          defaultValue={quantity}
          min={0}
          inputMode="numeric"
          className={css.count}
          aria-label={`Количество: ${line.product.name}`}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${quantityField(line.product.id)}-error` : undefined}
          disabled={!line.product.active}
          // With JavaScript a typed quantity is applied as the field is left, so leaving the page does not drop it.
          onBlur={(event) => {
            if (event.currentTarget.value.trim() !== String(quantity)) event.currentTarget.form?.requestSubmit();
          }}
          data-testid="line-quantity"
        />
        {quantityForm(quantity + 1, `Увеличить количество: ${line.product.name}`, "+", quantity >= line.product.stock || !line.product.active)}
      </div>
      <span className={css.lineTotal}>{line.lineTotal !== null ? formatMoney(line.lineTotal) : "—"}</span>
      <ListForm action="/cart" fetcherKey={listFetcherKey("cart", `remove-${line.product.id}`)} className={css.inline}>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productId" value={line.product.id} />
        <button type="submit" className={css.remove}>
          Удалить
        </button>
      </ListForm>
    </li>
  );
}

/**
 * 'Пересчитать' through a fetcher (with JavaScript): pressed, Enter in a field, or a field left
 * with a new number. 'Оформить заказ' waits for it: once this page is gone, the router skips the
 * reload a fetcher's answer would bring, so the checkout would show the quantity of before.
 */
function useRecount() {
  const fetcher = useFetcher<ListActionResult>({ key: listFetcherKey("cart", "recount") });
  const navigate = useNavigate();
  const inFlight = useRef<Promise<void> | null>(null);
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const [settled, setSettled] = useState(0);
  const send = (form: HTMLFormElement) => {
    if (inFlight.current) return;
    const fields = new FormData(form);
    fields.set("_fetcher", "1");
    inFlight.current = fetcher.submit(fields, { method: "post", action: "/cart" }).finally(() => {
      inFlight.current = null;
      setSettled((count) => count + 1);
    });
  };
  useEffect(() => {
    if (!leavingTo || inFlight.current || fetcher.state !== "idle") return;
    setLeavingTo(null);
    // A refused quantity keeps the buyer here, where its line says why.
    if (!fetcher.data?.refused) void navigate(leavingTo);
    // oxlint-disable-next-line react/exhaustive-effect-dependencies -- `settled` runs this again when the ref's request settles
  }, [leavingTo, settled, fetcher.state, fetcher.data, navigate]);
  return {
    fetcher,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      send(event.currentTarget);
    },
    onLeave(event: MouseEvent<HTMLAnchorElement>, to: string) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const form = document.getElementById(QUANTITIES_FORM);
      if (
        form instanceof HTMLFormElement &&
        [...form.elements].some((field) => field instanceof HTMLInputElement && field.type === "number" && field.value.trim() !== field.defaultValue)
      )
        send(form);
      if (!inFlight.current) return;
      event.preventDefault();
      setLeavingTo(to);
    },
  };
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  const { lines, totalPrice, totalCoins, confirmClear } = loaderData;
  // Spec section 4: the list's updating flag is set while a change is on its way.
  const updating = useFetchers().some((fetcher) => fetcher.key.startsWith("list:cart:") && fetcher.state !== "idle");
  const recount = useRecount();
  const refusedNow = recount.fetcher.state === "idle" ? recount.fetcher.data?.refused : undefined;
  return (
    <>
      <PageHeader title="Корзина" crumbs={[{ name: "Корзина", href: "/cart" }]} />
      {lines.length === 0 ? (
        <div className={css.empty}>
          <p>В корзине пока ничего нет.</p>
          <Link to="/catalog" className={button}>
            Перейти в каталог
          </Link>
        </div>
      ) : (
        <div className={css.layout} data-updating={updating || undefined} aria-busy={updating}>
          <div className={css.linesColumn}>
            <ul className={css.lines} id="cart-lines">
              {lines.map((line) => (
                <CartLineItem key={line.product.id} line={line} refusal={refusedNow?.[quantityField(line.product.id)] ?? line.refused?.message ?? null} />
              ))}
            </ul>
            {/* The server checks the numbers and says why in Russian (noValidate): a field left with JavaScript submits this form. */}
            <form method="post" action="/cart" id={QUANTITIES_FORM} noValidate className={css.recount} onSubmit={recount.onSubmit}>
              <input type="hidden" name="intent" value="update" />
              <span className={css.muted}>Изменили количество в поле? Нажмите «Пересчитать».</span>
              <button type="submit" className={css.recountButton} data-testid="recount">
                Пересчитать
              </button>
            </form>
            <div className={css.tools}>
              <p className={css.muted}>Цены следуют за котировками металла; при оформлении заказа они фиксируются.</p>
              {confirmClear ? (
                // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a <fieldset> brings a border, padding and a min-width this layout does not want
                <div id="clear-cart" className={listsCss.confirmBox} role="group" aria-labelledby="clear-cart-question" data-testid="clear-cart-confirm">
                  <p id="clear-cart-question" className={css.clearQuestion}>
                    Очистить корзину? Все монеты ({totalCoins} шт.) будут убраны.
                  </p>
                  <ListForm action="/cart" fetcherKey={listFetcherKey("cart", "clear")}>
                    <input type="hidden" name="intent" value="clear" />
                    <input type="hidden" name="confirm" value="yes" />
                    <button type="submit" className={button}>
                      Да, очистить
                    </button>
                  </ListForm>
                  <Link to="/cart" className={css.remove} preventScrollReset>
                    Отмена
                  </Link>
                </div>
              ) : (
                <ListForm action="/cart" fetcherKey={listFetcherKey("cart", "ask-clear")}>
                  <input type="hidden" name="intent" value="clear" />
                  <button type="submit" className={css.remove}>
                    Очистить корзину
                  </button>
                </ListForm>
              )}
            </div>
          </div>
          {/* On a phone it sticks to the bottom edge while the lines scroll by: the total and the way on are always in reach. */}
          <aside className={css.summary} aria-label="Итого">
            <p className={css.summaryLine}>
              {totalCoins} {pluralRu(totalCoins, ["монета", "монеты", "монет"])}
            </p>
            <p className={css.total} data-testid="cart-total">
              Итого: {formatMoney(totalPrice)}
            </p>
            <Link to="/checkout" className={`${button} ${css.checkoutButton}`} onClick={(event) => recount.onLeave(event, "/checkout")}>
              Оформить заказ
            </Link>
          </aside>
        </div>
      )}
    </>
  );
}
