import type { orderLines, orders } from "../db/schema.ts";
import type { DeliveryDiscount } from "../pricing/discounts.ts";

type OrderWithLines = typeof orders.$inferSelect & { lines: (typeof orderLines.$inferSelect)[] };

/** What the order pages show of an order (plain data for the page). */
export function orderSummary(order: OrderWithLines) {
  const delivery = order.delivery as {
    id?: number;
    name?: string;
    point?: string | null;
    pointAddress?: string;
    address?: Record<string, string> | null;
    minDays?: number;
    maxDays?: number;
    promotion?: DeliveryDiscount | null;
  };
  const address = delivery.address;
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    paymentId: order.paymentId,
    goodsTotal: order.goodsTotal,
    deliveryTotal: order.deliveryTotal,
    total: order.total,
    city: order.city.name,
    deliveryName: delivery.name ?? "",
    pointAddress: delivery.pointAddress ?? null,
    deliveryId: delivery.id ?? null,
    /** The courier's address with everything the buyer gave: apartment, entrance, floor. */
    address: address
      ? [address.street, address.house, address.room && `кв./оф. ${address.room}`, address.entrance && `подъезд ${address.entrance}`, address.floor && `этаж ${address.floor}`]
          .map((part) => part?.trim())
          .filter(Boolean)
          .join(", ")
      : null,
    courierNote: address?.message?.trim() || null,
    minDays: delivery.minDays ?? 0,
    maxDays: delivery.maxDays ?? 0,
    /** A free-delivery promotion applied to the delivery, as it was when the order was placed. */
    deliveryPromotion: delivery.promotion ?? null,
    contact: order.contact,
    comment: order.comment,
    /** By when an unpaid online order must be paid (ISO time), or null. */
    paymentDueAt: order.status === "awaiting_payment" ? (order.paymentDueAt?.toISOString() ?? null) : null,
    trackingNumber: order.trackingNumber,
    cancelReason: order.status === "cancelled" ? order.cancelReason : null,
    lines: order.lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      price: line.price,
      basePrice: line.basePrice,
      lineTotal: line.lineTotal,
      discount: line.discount,
    })),
  };
}

export type OrderSummary = ReturnType<typeof orderSummary>;
