import type { OrderStatus } from "../db/schema.ts";

/** How the buyer and the operator read an order's status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: "Принят",
  awaiting_payment: "Ожидает оплаты",
  paid: "Оплачен",
  assembling: "Собирается",
  shipped: "Передан в доставку",
  ready_for_pickup: "Готов к выдаче",
  completed: "Выполнен",
  cancelled: "Отменён",
};

/** An online-payment order that can still be paid (pay again after a failure). */
export function isPayable(order: { status: OrderStatus; paymentId: number }): boolean {
  return order.paymentId === 4 && order.status === "awaiting_payment";
}
