import type { orderLines, orders } from "../db/schema.ts";
import { isPreorderToken } from "../db/column-values.ts";
import { orderDelivery } from "../delivery/order-delivery.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import type { DeliveryDiscount } from "../pricing/discounts.ts";
import type { Refunded } from "./refunded.server.ts";

type OrderWithLines = typeof orders.$inferSelect & { lines: (typeof orderLines.$inferSelect)[]; refunded?: Refunded };

/** What the order pages show of an order (plain data for the page). */
export function orderSummary(order: OrderWithLines) {
  const delivery = order.delivery as { minDays?: number; maxDays?: number; promotion?: DeliveryDiscount | null };
  const described = orderDelivery(order.delivery);
  const refunded = order.refunded;
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    paymentId: order.paymentId,
    goodsTotal: order.goodsTotal,
    deliveryTotal: order.deliveryTotal,
    total: order.total,
    /** Roubles given back by refunds that went through, and what the order came to after them. */
    refunded: refunded?.amount ?? 0,
    netTotal: order.total - (refunded?.amount ?? 0),
    city: order.city.name,
    deliveryName: described.name,
    deliveryId: (order.delivery as { id?: number }).id ?? null,
    deliveryKind: described.kind,
    /** The point's name and address, or the courier's address with apartment, entrance and floor. */
    place: described.place,
    courierNote: described.courierNote,
    /** Office pickup: the day and time booked to collect the order, or null. */
    pickupSlot: described.pickupSlot,
    minDays: delivery.minDays ?? 0,
    maxDays: delivery.maxDays ?? 0,
    /** A free-delivery promotion applied to the delivery, as it was when the order was placed. */
    deliveryPromotion: delivery.promotion ?? null,
    contact: order.contact,
    comment: order.comment,
    /** By when an unpaid online order must be paid (ISO time), or null. */
    paymentDueAt: order.status === "awaiting_payment" ? (order.paymentDueAt?.toISOString() ?? null) : null,
    /** By when the shop must confirm a new order paid on receipt, or it is cancelled (ISO time), or null. */
    confirmDueAt: order.status === "new" && order.paymentId === PAYMENT_IDS.onReceipt ? (order.paymentDueAt?.toISOString() ?? null) : null,
    trackingNumber: order.trackingNumber,
    cancelReason: order.status === "cancelled" ? order.cancelReason : null,
    /** Served from the buyer's pre-order at the coin's opening (its checkout token is the pre-order's). */
    fromPreorder: isPreorderToken(order.checkoutToken),
    lines: order.lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      price: line.price,
      basePrice: line.basePrice,
      lineTotal: line.lineTotal,
      discount: line.discount,
      /** Pieces of this line given back. */
      refunded: refunded?.whole ? line.quantity : (refunded?.pieces[line.id] ?? 0),
    })),
  };
}

export type OrderSummary = ReturnType<typeof orderSummary>;
