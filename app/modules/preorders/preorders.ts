import { formatOpening } from "../launches/launch.ts";

/**
 * Pre-orders of a coming coin (decision 062) as pages and the opening see them: pure and
 * browser-safe (the coin page and /my read these texts; the launch watch the ordering rule).
 */

export type PreorderStatus = "waiting" | "served" | "cancelled";

export const preorderStatusLabels: Readonly<Record<PreorderStatus, string>> = {
  waiting: "В очереди",
  served: "Обслужен: заказ создан",
  cancelled: "Отменён",
};

/** Why the shop, not the buyer, closed a pre-order (null: the buyer cancelled it, or it is open). */
export type PreorderClosedReason = "identification" | "staff";

/** A pre-order's status as pages show it: one the shop closed says why (the buyer did not cancel it). */
export function preorderStatusText(status: PreorderStatus, closedReason: PreorderClosedReason | null, cancelReason: string | null = null): string {
  if (status !== "cancelled") return preorderStatusLabels[status];
  if (closedReason === "identification") return "Закрыт: нужна идентификация";
  if (closedReason === "staff") return cancelReason ? `Отменён магазином: ${cancelReason}` : "Отменён магазином";
  return preorderStatusLabels[status];
}

/** The most characters of the reason staff give when they cancel a buyer's pre-order. */
export const STAFF_CANCEL_REASON_MAX = 300;

/**
 * The staff's reason as one line: control characters and invisible direction marks dropped (they
 * would hide or reorder what the buyer reads in an SMS), runs of spaces and line breaks made one space.
 */
export function cleanCancelReason(value: string): string {
  return (
    value
      // oxlint-disable-next-line no-control-regex -- control characters are what this drops
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, "")
      .replace(/\s+/g, " ")
      .trim()
  );
}

export const preorderTexts = {
  action: "Оформить предзаказ",
  price: (expected: string | null) =>
    expected ? `Цена — по курсу на момент начала продаж; ориентировочно ${expected}.` : "Цена — по курсу на момент начала продаж.",
  howServed: (at: Date | string) =>
    `В ${formatOpening(at)} предзаказы обслуживаются в порядке очереди, пока есть монеты: на каждый создаётся заказ с самовывозом из офиса, который нужно оплатить онлайн в срок. Цену и срок оплаты сообщим до оплаты.`,
  placed: (place: number) =>
    `Предзаказ оформлен: вы ${place}-й в очереди. В момент старта продаж сообщим по SMS и e-mail, создан ли для вас заказ, его сумму и срок оплаты.`,
  already: (place: number) => `Предзаказ уже оформлен: вы ${place}-й в очереди.`,
  notAllowed: "Предзаказ этой монеты не принимается.",
  notComing: "Продажи этой монеты уже начались: предзаказ больше не принимается, купить её можно на её странице.",
  quantity: (cap: number) => `Количество: целое число от 1 до ${cap}`,
  overCap: (cap: number, had: number) =>
    had > 0 ? `Не более ${cap} шт. этой монеты в одни руки: у вас уже ${had} шт. в заказах и предзаказах.` : `Не более ${cap} шт. этой монеты в одни руки.`,
  cancelled: "Предзаказ отменён.",
  notCancellable: "Этот предзаказ уже не в очереди: отменить его нельзя (обслуженный предзаказ — это заказ, его можно не оплачивать).",
  waitingPlace: (place: number) => `Вы ${place}-й в очереди предзаказов.`,
  staffCancelled: (id: number) => `Предзаказ №${id} отменён; покупателю придут SMS и e-mail с причиной.`,
  staffAlreadyCancelled: (id: number) => `Предзаказ №${id} уже отменён.`,
  staffServed: (id: number, orderNumber: string | null) =>
    orderNumber
      ? `Предзаказ №${id} уже обслужен: по нему создан заказ №${orderNumber}. Отменить можно только заказ.`
      : `Предзаказ №${id} уже обслужен: отменить его нельзя.`,
  staffNotOfCoin: (id: number) => `Предзаказ №${id} не найден среди предзаказов этой монеты: ничего не изменено.`,
  staffAudit: (id: number, reason: string) => `Предзаказ №${id} отменён: ${reason}`,
  reasonRequired: "Укажите причину отмены (от 3 символов): её прочтёт покупатель",
  reasonTooLong: `Причина отмены: не больше ${STAFF_CANCEL_REASON_MAX} символов`,
  identificationTitle: "Паспортные данные для предзаказа",
  identificationWhy: (threshold: string) =>
    `Сумма заказа по этому предзаказу по оценке (ожидаемая цена с запасом на движение курса металла) может достичь порога, с которого закон № 115-ФЗ требует идентифицировать покупателя (${threshold} при оплате онлайн, с учётом ваших заказов за последние сутки). Без паспортных данных заказ на старте продаж создать нельзя.`,
  identificationNotNeeded: "Для этого предзаказа паспортные данные не нужны: оформите его на странице монеты.",
} as const;

/**
 * The margin on a pre-order's estimate when deciding whether to ask for identification: the price is
 * set by the metal at the opening, days or weeks away, and a 20% move of gold or silver in that time
 * is rare; asking a few more buyers beats closing their pre-orders at the opening.
 */
export const PREORDER_ESTIMATE_MARGIN = 1.2;

/**
 * The rubles an announcement's expected price names ("около 7 000 ₽" → 7000), or null when it names
 * none ("по цене металла + 12 %"): staff write it as free text.
 */
export function expectedRubles(expectedPrice: string | null): number | null {
  const match = expectedPrice?.match(/(\d[\d\s\u00a0\u202f]*)(?:[.,]\d+)?\s*(?:₽|руб)/u);
  if (!match) return null;
  const rubles = Number(match[1]!.replace(/\D/g, ""));
  return rubles > 0 ? rubles : null;
}

/** The pre-order's order total the identification rule is judged on: the unit price times the pieces, with the margin. */
export function preorderEstimate(unitPrice: number, pieces: number): number {
  return Math.ceil(unitPrice * pieces * PREORDER_ESTIMATE_MARGIN);
}

export { preorderToken } from "../db/column-values.ts";

/** The most pieces a pre-order may ask for when the coin has no cap of its own. */
export const PREORDER_MAX_PIECES = 10;

export type WaitingPreorder = { id: number; quantity: number };

/**
 * The ordering rule of an opening: the waiting pre-orders in their order (earliest first) each
 * get what they asked for while the stock lasts; the first one the stock cannot cover whole gets
 * what is left (fewer pieces, told so by its order) and the rest wait with their places. No
 * pre-order is passed over for a later one: the line is the line.
 */
export function planServing(waiting: readonly WaitingPreorder[], stock: number): Array<{ id: number; pieces: number }> {
  const served: Array<{ id: number; pieces: number }> = [];
  let left = Math.max(0, Math.floor(stock));
  for (const preorder of waiting) {
    if (left === 0) break;
    const pieces = Math.min(preorder.quantity, left);
    served.push({ id: preorder.id, pieces });
    left -= pieces;
  }
  return served;
}
