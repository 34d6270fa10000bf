import type { OrderStatus } from "../db/schema.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";

/** How the buyer and the operator read an order's status. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  on_review: "На проверке",
  new: "Новый",
  awaiting_payment: "Ожидает оплаты",
  paid: "Оплачен",
  assembling: "Собирается",
  shipped: "Отправлен",
  ready_for_pickup: "Готов к выдаче",
  completed: "Выполнен",
  cancelled: "Отменён",
};

/**
 * Where the operator may move an order from each status. An order paid online becomes paid by
 * its payment (or by hand, when the money is confirmed otherwise); one paid on receipt starts
 * as new. Completed and cancelled are final.
 */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  // Held for review (115-FZ list screening): compliance staff release it (to payment or to new) or it is cancelled.
  on_review: ["cancelled"],
  new: ["assembling", "cancelled"],
  awaiting_payment: ["paid", "cancelled"],
  paid: ["assembling", "cancelled"],
  assembling: ["shipped", "ready_for_pickup", "cancelled"],
  shipped: ["completed"],
  ready_for_pickup: ["completed"],
  completed: [],
  cancelled: [],
};

/** An online-payment order that can still be paid (pay again after a failure). */
export function isPayable(order: { status: OrderStatus; paymentId: number }): boolean {
  return order.paymentId === PAYMENT_IDS.online && order.status === "awaiting_payment";
}
