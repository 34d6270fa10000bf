import { formatDateTime, formatMoney } from "../shared/format.ts";
import { shop } from "../shop/contacts.ts";

/**
 * The caps that keep one buyer from holding the shop's stock: pieces of one
 * coin per order (MAX_PIECES_PER_COIN, or the coin's own lower max_per_order) and unpaid
 * online orders per buyer (MAX_UNPAID_ORDERS_PER_BUYER). The cart and placing an order both
 * apply them, so a buyer meets the limit where they choose the quantity.
 */

export type OrderLimits = { maxUnpaidPerBuyer: number; maxPiecesPerCoin: number };

/** The most pieces of this coin one order (and one cart line) may hold. */
export function pieceLimit(product: { maxPerOrder: number | null }, maxPiecesPerCoin: number): number {
  return product.maxPerOrder === null ? maxPiecesPerCoin : Math.min(product.maxPerOrder, maxPiecesPerCoin);
}

const ordersWord = (count: number) => {
  const tens = count % 100;
  const ones = count % 10;
  if (tens >= 11 && tens <= 14) return "неоплаченных заказов";
  if (ones === 1) return "неоплаченный заказ";
  if (ones >= 2 && ones <= 4) return "неоплаченных заказа";
  return "неоплаченных заказов";
};

export const limitMessages = {
  perCoin: (limit: number) => `Не больше ${limit} шт. одной монеты в заказе`,
  perCoinInOrder: (name: string, limit: number) => `«${name}»: не больше ${limit} шт. в одном заказе. Измените количество в корзине.`,
  unpaid: (count: number) => `У вас уже ${count} ${ordersWord(count)}. Оплатите или отмените один из них в личном кабинете, чтобы оформить новый.`,
} as const;

const call = `или позвоните нам: ${shop.phones.main.display}`;

/** Why an order would hold too much without payment or confirmation: what to do, in the buyer's words. */
export const holdMessages = {
  pieces: (max: number, held: number, adding: number) =>
    `В неоплаченных и неподтверждённых заказах на один аккаунт или телефон может быть не больше ${max} шт. монет: у вас уже ${held} шт., в этом заказе ${adding} шт. Уменьшите количество, оплатите прежний заказ ${call}.`,
  value: (max: number, held: number, adding: number) =>
    `Неоплаченные и неподтверждённые заказы на один аккаунт или телефон — не больше чем на ${formatMoney(max)}: у вас уже на ${formatMoney(held)}, этот заказ — ${formatMoney(adding)}. Уменьшите заказ, оплатите прежний ${call}.`,
  expiredAgain: (name: string, times: number, until: Date) =>
    `«${name}»: заказы с этой монетой за последние сутки ${times} раза отменялись без оплаты или подтверждения. Снова заказать её на сайте можно с ${formatDateTime(until)} (МСК) ${call}.`,
} as const;
