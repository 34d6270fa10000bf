import { data, redirect, type RouterContextProvider } from "react-router";
import { safeReturnPath } from "../auth/login-href.ts";
import { findProductById, toCard } from "../catalog/products.server.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { BodyError } from "../shared/json-body.server.ts";
import { listScope } from "../lists/api.server.ts";
import { updateCartQuantities } from "../lists/cart-quantities.server.ts";
import {
  addToCart,
  cappedMessage,
  addToList,
  clearList,
  ListError,
  parseProductId,
  parseQuantity,
  removeFromList,
  setCartQuantity,
  type ListName,
} from "../lists/lists.server.ts";
import type { ListActionResult } from "../lists/types.ts";

export type { ListActionResult };

/** The cart page asking whether to empty the cart; the anchor scrolls a phone down to the question. */
export const CART_CLEAR_CONFIRM_PATH = "/cart?confirm=clear#clear-cart";

const listPages: Record<ListName, string> = { cart: "/cart", wishlist: "/wishlist", compare: "/product-comparison" };
const listWords: Record<ListName, { added: string; removed: string; cleared: string }> = {
  cart: { added: "Добавлено в корзину", removed: "Убрано из корзины", cleared: "Корзина очищена" },
  wishlist: { added: "Добавлено в избранное", removed: "Убрано из избранного", cleared: "Избранное очищено" },
  compare: { added: "Добавлено к сравнению", removed: "Убрано из сравнения", cleared: "Сравнение очищено" },
};

async function analyticsProduct(db: Parameters<typeof findProductById>[0], productId: number, quantity: number) {
  const row = await findProductById(db, productId);
  if (!row) return undefined;
  const price = toCard(row, (await getQuotesService()).rates()).price;
  return { id: row.sku, name: row.name, price, quantity };
}

async function perform(form: FormData, list: ListName, context: Readonly<RouterContextProvider>): Promise<ListActionResult> {
  const { db, owner } = listScope(context);
  const intent = String(form.get("intent") ?? "");
  const words = listWords[list];
  if (intent === "clear") {
    await clearList(db, list, owner);
    return { ok: true, message: words.cleared };
  }
  const productId = parseProductId(form.get("productId"));
  switch (`${list}:${intent}`) {
    case "cart:add": {
      const wanted = form.get("quantity") === null ? 1 : parseQuantity(form.get("quantity"));
      const change = await addToCart(db, owner, productId, wanted);
      const product = await analyticsProduct(db, productId, wanted);
      return {
        ok: true,
        message: change.capped ? `${cappedMessage(change)}: в корзине ${change.quantity} шт.` : words.added,
        analytics: product ? { action: "add", product } : undefined,
      };
    }
    case "cart:set": {
      const change = await setCartQuantity(db, owner, productId, parseQuantity(form.get("quantity")), { capAtStock: true });
      return { ok: true, message: change.capped ? cappedMessage(change) : `Количество: ${change.quantity} шт.` };
    }
    case "cart:remove": {
      const product = await analyticsProduct(db, productId, 1);
      await removeFromList(db, "cart", owner, [productId]);
      return { ok: true, message: words.removed, analytics: product ? { action: "remove", product } : undefined };
    }
    case "wishlist:add":
    case "compare:add":
      await addToList(db, list as "wishlist" | "compare", owner, productId);
      return { ok: true, message: words.added };
    case "wishlist:remove":
    case "compare:remove":
      await removeFromList(db, list, owner, [productId]);
      return { ok: true, message: words.removed };
    default:
      throw new ListError("bad_intent", "Неизвестное действие");
  }
}

/**
 * The action behind every cart, wishlist and comparison button. Without JavaScript the
 * form posts here and gets a redirect back with a short notice (post/redirect/get);
 * with it, a fetcher posts the same form plus `_fetcher` and gets the result as data.
 */
export async function handleListForm(request: Request, context: Readonly<RouterContextProvider>, list: ListName) {
  const form = await readFormBody(request);
  const viaFetcher = form.get("_fetcher") === "1";
  const back = form.get("redirectTo");
  const redirectTo = typeof back === "string" && back ? safeReturnPath(back) : listPages[list];

  // Emptying the cart takes a second step: the first press only asks,
  // on the cart page, with 'Да, очистить' (posting confirm=yes) and 'Отмена'. With or
  // without JavaScript the same redirect leads there; nothing changes until then.
  if (list === "cart" && form.get("intent") === "clear" && form.get("confirm") !== "yes") {
    return redirect(CART_CLEAR_CONFIRM_PATH, 303);
  }

  // 'Пересчитать': the typed quantities of every line at once; a refused one goes back in the address.
  if (list === "cart" && form.get("intent") === "update") {
    const { db, owner } = listScope(context);
    try {
      const { refused, messages, changed } = await updateCartQuantities(db, owner, (await getQuotesService()).rates(), form);
      const message = changed > 0 ? "Корзина пересчитана" : "Количество не изменилось";
      // With JavaScript the typed quantities are applied as the field is left, maybe on the way to
      // another page: an answer as data, never a redirect back to the cart.
      if (viaFetcher) {
        if ([...refused.keys()].length === 0) return data({ ok: true, message } satisfies ListActionResult);
        return data({ ok: false, message: "Количество не изменено", refused: messages } satisfies ListActionResult, { status: 422 });
      }
      if ([...refused.keys()].length > 0) return redirect(`/cart?${refused}#cart-lines`, 303);
      return redirect("/cart", { status: 303, headers: { "Set-Cookie": await flashHeader({ kind: "success", message }) } });
    } catch (error) {
      if (!(error instanceof ListError)) throw error;
      if (viaFetcher) return data({ ok: false, message: error.message } satisfies ListActionResult, { status: error.status });
      return redirect("/cart", { status: 303, headers: { "Set-Cookie": await flashHeader({ kind: "error", message: error.message }) } });
    }
  }

  let result: ListActionResult;
  let status = 200;
  try {
    result = await perform(form, list, context);
  } catch (error) {
    if (!(error instanceof ListError) && !(error instanceof BodyError)) throw error;
    result = { ok: false, message: error.message };
    status = error.status;
  }
  if (viaFetcher) return data(result, { status });
  return redirect(redirectTo, {
    status: 303,
    headers: { "Set-Cookie": await flashHeader({ kind: result.ok ? "success" : "error", message: result.message }) },
  });
}
