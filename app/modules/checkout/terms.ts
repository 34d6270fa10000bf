import type { CartSummary } from "../lists/summary.server.ts";
import type { CheckoutDraft } from "./draft.ts";
import type { DeliveryChoice } from "./view.ts";

/**
 * The terms of the order as /checkout shows them: the coins with their
 * quantities and prices, the city, the delivery with its price, the payment and the totals.
 * The page posts them back in the hidden field `shown`; 'Оформить заказ' places the order
 * only when the terms the server would place are these, otherwise the page is shown again
 * with what changed. Shared by the server and the page (no server code here).
 */
export type OrderTerms = {
  /** [product id, quantity, price of one coin or null] in the cart's order. */
  lines: [number, number, number | null][];
  city: string;
  deliveryId: number | null;
  deliveryPrice: number | null;
  paymentId: number;
  goods: number;
  total: number;
};

export function orderTerms(
  cart: Pick<CartSummary, "lines" | "totalPrice">,
  draft: Pick<CheckoutDraft, "city" | "delivery">,
  chosen: Pick<DeliveryChoice, "id" | "price"> | null,
): OrderTerms {
  const deliveryPrice = chosen ? chosen.price : null;
  return {
    lines: cart.lines.map((line) => [line.product.id, line.quantity, line.unitPrice ?? line.product.price]),
    city: draft.city.code,
    deliveryId: chosen ? chosen.id : null,
    deliveryPrice,
    paymentId: draft.delivery.paymentId,
    goods: cart.totalPrice,
    total: cart.totalPrice + (deliveryPrice ?? 0),
  };
}

/** The terms as the page's hidden field carries them (also the key a notice is kept for). */
export function termsKey(terms: OrderTerms): string {
  return JSON.stringify([terms.lines, terms.city, terms.deliveryId, terms.deliveryPrice, terms.paymentId, terms.goods, terms.total]);
}

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
const isPriceOrNull = (value: unknown): value is number | null => value === null || isCount(value);

/** The posted `shown` field read back defensively: anything malformed is null (treated as 'not shown'). */
export function parseTermsKey(text: unknown): OrderTerms | null {
  if (typeof text !== "string" || text.length > 4000) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 7) return null;
  const [lines, city, deliveryId, deliveryPrice, paymentId, goods, total] = value as unknown[];
  if (!Array.isArray(lines) || lines.length > 100) return null;
  if (!lines.every((line) => Array.isArray(line) && line.length === 3 && isCount(line[0]) && isCount(line[1]) && isPriceOrNull(line[2]))) return null;
  if (typeof city !== "string" || !isPriceOrNull(deliveryId) || !isPriceOrNull(deliveryPrice) || !isCount(paymentId) || !isCount(goods) || !isCount(total))
    return null;
  return { lines: lines as OrderTerms["lines"], city, deliveryId, deliveryPrice, paymentId, goods, total };
}
