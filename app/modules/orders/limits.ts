/**
 * The caps that keep one buyer from holding the shop's stock (issue 14 item 2): pieces of one
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
  unpaid: (count: number) =>
    `У вас уже ${count} ${ordersWord(count)}. Оплатите или отмените один из них в личном кабинете, чтобы оформить новый.`,
} as const;
