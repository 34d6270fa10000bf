/**
 * Buyers' alerts on coins: what a subscription form may say, the limits,
 * and when an alert sends its message. Pure, shared by the page and the server.
 */

export type AlertKind = "price_below" | "in_stock";
export type AlertChannel = "sms" | "email";

/** How many alerts one buyer may keep. */
export const MAX_ALERTS_PER_BUYER = 20;
/** The highest price limit accepted (a coin never costs ten million roubles here). */
export const MAX_THRESHOLD = 10_000_000;

export const alertKindLabels: Record<AlertKind, string> = {
  price_below: "Сообщить, когда цена будет ниже",
  in_stock: "Сообщить о поступлении",
};
export const alertChannelLabels: Record<AlertChannel, string> = { sms: "SMS", email: "E-mail" };

export const alertMessages = {
  kind: "Выберите, о чём сообщить.",
  channel: "Выберите, как сообщить: SMS или e-mail.",
  thresholdMissing: "Укажите цену в рублях, ниже которой сообщить.",
  thresholdBad: "Цена — целое число рублей больше нуля, например 95000.",
  thresholdTooHigh: `Цена не может быть больше ${MAX_THRESHOLD.toLocaleString("ru-RU")} ₽.`,
  thresholdNotBelow: (price: string) => `Цена уже ${price}: укажите сумму ниже текущей цены.`,
  inStockAlready: "Монета уже в наличии — её можно купить сейчас.",
  noEmail: "В профиле нет e-mail: укажите его в личных данных или выберите SMS.",
  tooMany: `Можно держать не больше ${MAX_ALERTS_PER_BUYER} уведомлений. Удалите ненужные в разделе «Уведомления».`,
  noProduct: "Монета не найдена.",
  noPrice: "У монеты пока нет цены: уведомление о цене недоступно.",
} as const;

export type AlertInput = { kind: AlertKind; channel: AlertChannel; threshold: number | null };

/** Whether an alert's condition holds for a coin now. A coin off sale or without a price meets none. */
export function alertMet(alert: { kind: AlertKind; threshold: number | null }, coin: { price: number | null; stock: number; active: boolean }): boolean {
  if (!coin.active || coin.price === null) return false;
  if (alert.kind === "in_stock") return coin.stock > 0;
  return alert.threshold !== null && coin.price < alert.threshold;
}

export type AlertStep = "notify" | "rearm" | "wait";

/**
 * What a check does with one alert: an armed alert whose condition holds sends its message
 * (unless it already sent one this Moscow day); a disarmed one arms again once the condition
 * no longer holds.
 */
export function alertStep(alert: { armed: boolean; lastNotifiedDay: string | null }, met: boolean, today: string): AlertStep {
  if (alert.armed) return met && alert.lastNotifiedDay !== today ? "notify" : "wait";
  return met ? "wait" : "rearm";
}
