import { data, redirect, type RouterContextProvider } from "react-router";
import { safeReturnPath } from "../auth/login-href.ts";
import { findProductById, toCard } from "../catalog/products.server.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { z } from "zod";
import { readForm, readFormEnvelope } from "../forms/read-form.ts";
import { listScope } from "../lists/api.server.ts";
import { updateCartQuantities } from "../lists/cart-quantities.server.ts";
import {
  addToCart,
  cappedMessage,
  addToList,
  clearList,
  ListError,
  productIdField,
  quantityField,
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

const withProduct = { productId: productIdField };
/**
 * What a list button asks for, by its intent. `coerce: false` below keeps an empty quantity
 * as typed, so it is refused rather than read as the default of one.
 */
const listCommandSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("clear"), confirm: z.string().optional() }),
    z.object({ intent: z.literal("update") }),
    z.object({ intent: z.literal("add"), ...withProduct, quantity: quantityField.optional() }),
    z.object({ intent: z.literal("set"), ...withProduct, quantity: quantityField }),
    z.object({ intent: z.literal("remove"), ...withProduct }),
  ],
  { error: "Неизвестное действие" },
);
type ListCommand = z.output<typeof listCommandSchema>;

async function perform(command: ListCommand, list: ListName, context: Readonly<RouterContextProvider>): Promise<ListActionResult> {
  const { db, owner } = listScope(context);
  const words = listWords[list];
  switch (command.intent) {
    case "clear":
      await clearList(db, list, owner);
      return { ok: true, message: words.cleared };
    case "add": {
      if (list !== "cart") {
        await addToList(db, list, owner, command.productId);
        return { ok: true, message: words.added };
      }
      const wanted = command.quantity ?? 1;
      const change = await addToCart(db, owner, command.productId, wanted);
      const product = await analyticsProduct(db, command.productId, wanted);
      return {
        ok: true,
        message: change.capped ? `${cappedMessage(change)}: в корзине ${change.quantity} шт.` : words.added,
        capped: change.capped,
        analytics: product ? { action: "add", product } : undefined,
      };
    }
    case "set": {
      if (list !== "cart") break;
      const change = await setCartQuantity(db, owner, command.productId, command.quantity, { capAtStock: true });
      return { ok: true, message: change.capped ? cappedMessage(change) : `Количество: ${change.quantity} шт.` };
    }
    case "remove": {
      const product = list === "cart" ? await analyticsProduct(db, command.productId, 1) : undefined;
      await removeFromList(db, list, owner, [command.productId]);
      return { ok: true, message: words.removed, analytics: product ? { action: "remove", product } : undefined };
    }
  }
  // 'Пересчитать' is the cart's alone (handled before), and only the cart has quantities to set.
  throw new ListError("bad_intent", "Неизвестное действие");
}

/**
 * The action behind every cart, wishlist and comparison button. Without JavaScript the
 * form posts here and gets a redirect back with a short notice (post/redirect/get);
 * with it, a fetcher posts the same form plus `_fetcher` and gets the result as data.
 */
export async function handleListForm(request: Request, context: Readonly<RouterContextProvider>, list: ListName) {
  const form = await readFormBody(request);
  const { viaFetcher, redirectTo: back } = readFormEnvelope(form);
  const redirectTo = back ? safeReturnPath(back) : listPages[list];
  const command = readForm(form, listCommandSchema, { coerce: false });

  // Emptying the cart takes a second step: the first press only asks,
  // on the cart page, with 'Да, очистить' (posting confirm=yes) and 'Отмена'. With or
  // without JavaScript the same redirect leads there; nothing changes until then.
  if (list === "cart" && command.ok && command.value.intent === "clear" && command.value.confirm !== "yes") {
    return redirect(CART_CLEAR_CONFIRM_PATH, 303);
  }

  // 'Пересчитать': the typed quantities of every line at once; a refused one goes back in the address.
  if (list === "cart" && command.ok && command.value.intent === "update") {
    const { db, owner } = listScope(context);
    try {
      const { refused, messages, changed } = await updateCartQuantities(db, owner, (await getQuotesService()).rates(), command.payload);
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
    if (!command.ok) throw new ListError("bad_form", command.issues[0]?.message ?? "Неизвестное действие");
    result = await perform(command.value, list, context);
  } catch (error) {
    if (!(error instanceof ListError)) throw error;
    result = { ok: false, message: error.message };
    status = error.status;
  }
  if (viaFetcher) return data(result, { status });
  return redirect(redirectTo, {
    status: 303,
    headers: { "Set-Cookie": await flashHeader({ kind: result.ok ? "success" : "error", message: result.message }) },
  });
}
