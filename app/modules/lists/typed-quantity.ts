import { limitMessages } from "./limits.ts";
import type { Outcome } from "../shared/failure.ts";

/**
 * A quantity typed into a cart or checkout line: a whole number from 0 (the
 * line leaves the cart) up to what may be bought. Anything else is refused with a message for
 * that line and the quantity stays as it was: 99999, 2.5, 1e3, −5, an empty field, letters.
 */
export type TypedQuantity = Outcome<{ quantity: number }>;

export const quantityMessages = {
  notWhole: (most: number) => `Количество не изменено: введите целое число от 1 до ${most}`,
  onlyInStock: (stock: number) => `Количество не изменено: доступно ${stock} шт.`,
  perCoin: (limit: number) => `Количество не изменено: ${limitMessages.perCoin(limit).toLowerCase()}`,
  soldOut: "Нет в наличии: уберите монету из корзины",
} as const;

export function readTypedQuantity(value: unknown, line: { stock: number; limit: number }): TypedQuantity {
  const most = Math.max(0, Math.min(line.stock, line.limit));
  const text = typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,9}$/.test(text)) return { ok: false, reason: most < 1 ? quantityMessages.soldOut : quantityMessages.notWhole(most) };
  const quantity = Number(text);
  if (quantity === 0 || quantity <= most) return { ok: true, quantity };
  if (most < 1) return { ok: false, reason: quantityMessages.soldOut };
  return { ok: false, reason: line.limit < line.stock ? quantityMessages.perCoin(line.limit) : quantityMessages.onlyInStock(line.stock) };
}

/** The field a cart line's typed quantity is posted in (cart and checkout; echoed in /cart's address when refused). */
export const quantityField = (productId: number) => `qty:${productId}`;
