import type { NotificationEventKind } from "./events.ts";

/**
 * The groups of buyer messages a buyer may send to Telegram as well, chosen on /my/profile. Pure:
 * the profile page names them, the outbox reads which events each holds.
 */
export const telegramKinds = ["orders", "payments", "buyback", "alerts", "launches"] as const;
export type TelegramKind = (typeof telegramKinds)[number];

export const telegramKindLabels: Readonly<Record<TelegramKind, string>> = {
  orders: "Статусы заказов",
  payments: "Сроки оплаты",
  buyback: "Выкуп монет",
  alerts: "Оповещения о цене и наличии",
  launches: "Начало продаж монет",
};

/** The group of each buyer event; an event outside every group never goes to a buyer's Telegram. */
const kindOfEvent: Partial<Record<NotificationEventKind, TelegramKind>> = {
  order_paid: "orders",
  order_changed: "orders",
  order_shipped: "orders",
  order_ready_for_pickup: "orders",
  pickup_reminder: "orders",
  order_completed: "orders",
  order_cancelled: "orders",
  refund_made: "orders",
  return_requested: "orders",
  return_step: "orders",
  payment_surplus: "orders",
  // The placed order's message carries the payment deadline; a failed payment repeats it.
  order_placed: "payments",
  payment_failed: "payments",
  buyback_received: "buyback",
  buyback_answered: "buyback",
  alert_price_below: "alerts",
  alert_in_stock: "alerts",
  launch_opened: "launches",
  preorder_waiting: "launches",
  preorder_needs_identification: "launches",
  preorder_cancelled_by_shop: "launches",
};

export function telegramKindOf(event: NotificationEventKind): TelegramKind | undefined {
  return kindOfEvent[event];
}

/** The stored choice as known groups only (a stored list may hold a group since removed). */
export function knownTelegramKinds(values: readonly string[]): TelegramKind[] {
  return telegramKinds.filter((kind) => values.includes(kind));
}
