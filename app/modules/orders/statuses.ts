import type { OrderStatus } from "../db/schema.ts";
import type { DeliveryKind } from "../delivery/rules.ts";
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

/**
 * The steps an order may take next, by how it is delivered. An assembled order goes to CDEK
 * («Отправлен», with a tracking number) or waits at the pickup point («Готов к выдаче») for a
 * point or a locker; goes to CDEK's courier («Отправлен») for courier delivery; to the shop's own
 * courier («Отправлен», no tracking number) for special delivery; and waits at the office
 * («Готов к выдаче») for office pickup. Nothing to the door is «ready for pickup». A delivery the
 * shop no longer knows keeps every step.
 */
export function nextStatuses(status: OrderStatus, kind: DeliveryKind | null): readonly OrderStatus[] {
  const allowed = orderTransitions[status];
  const handovers: Record<DeliveryKind, readonly OrderStatus[]> = {
    point: ["shipped", "ready_for_pickup"],
    courier: ["shipped"],
    special: ["shipped"],
    office: ["ready_for_pickup"],
  };
  if (kind === null) return allowed;
  return allowed.filter((to) => (to !== "shipped" && to !== "ready_for_pickup") || handovers[kind].includes(to));
}

/** Whether shipping the order needs a carrier's tracking number: CDEK's deliveries do, the shop's own courier does not. */
export const shippingNeedsTracking = (kind: DeliveryKind | null) => kind !== "special";

/** An online-payment order that can still be paid (pay again after a failure). */
export function isPayable(order: { status: OrderStatus; paymentId: number }): boolean {
  return order.paymentId === PAYMENT_IDS.online && order.status === "awaiting_payment";
}

/** What a status button says: confirming a new order and handing a special delivery to the shop's courier have words of their own. */
export function statusButtonLabel(from: OrderStatus, to: OrderStatus, deliveryKind: DeliveryKind | null): string {
  if (to === "cancelled") return "Отменить заказ";
  if (from === "new" && to === "assembling") return "Подтвердить: в статус «Собирается»";
  if (to === "shipped" && !shippingNeedsTracking(deliveryKind)) return "Передать курьеру магазина";
  return `В статус «${orderStatusLabels[to]}»`;
}
