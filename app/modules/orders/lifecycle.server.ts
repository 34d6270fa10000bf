import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { type OrderStatus, orderEvents, orderLines, orders, users } from "../db/schema.ts";
import { isPreorderToken } from "../db/column-values.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { getConfig } from "../config/config.server.ts";
import { invoiceDueAt } from "./invoice-deadline.ts";
import { deliveryKindOf, orderDeliveryLine, pickupSlotOf } from "../delivery/order-delivery.ts";
import type { NotificationEvent, OrderFacts } from "../notifications/events.ts";
import { recordNotifications } from "../notifications/outbox.server.ts";
import { freeSlot } from "../pickup/pickup.server.ts";

/**
 * The life of an order after it is placed: its history (one order_events row per
 * status), the messages each step sends (through the outbox, in the step's transaction), the
 * payment deadline and the tracking number.
 */

export type OrderActor = "buyer" | "payment" | "operator" | "system";

/** Why an unpaid online order was let go. */
export const PAYMENT_EXPIRED_REASON = "Время на оплату истекло";
/** Why an order paid on receipt that staff never confirmed was let go. */
export const CONFIRMATION_EXPIRED_REASON = "Заказ не подтверждён в срок";
/** The reasons of a cancellation by the deadline watch (the history's note of its step). */
export const EXPIRED_REASONS = [PAYMENT_EXPIRED_REASON, CONFIRMATION_EXPIRED_REASON];
/** The history note of an order held for review (the buyer sees it: it says nothing of why). */
export const ON_REVIEW_NOTE = "Заказ на проверке";
/** A cancellation by the shop without a reason given. */
export const CANCELLED_BY_SHOP_REASON = "заказ отменён магазином";

/**
 * Until when an order placed now holds its coins: an online-payment order until it is paid, one
 * paid on receipt until staff confirm it (move it on to «Собирается»); after that the deadline
 * watch cancels it.
 */
export function paymentDeadline(paymentId: number, placedAt: Date, timeoutMinutes: number, confirmTimeoutMinutes: number, invoiceDays?: number): Date {
  // An invoice is paid by a bank transfer, which takes banking days rather than minutes.
  if (paymentId === PAYMENT_IDS.invoice) return invoiceDueAt(placedAt, invoiceDays ?? getConfig().invoices.paymentDays);
  return new Date(placedAt.getTime() + (paymentId === PAYMENT_IDS.online ? timeoutMinutes : confirmTimeoutMinutes) * 60_000);
}

/** Whether an unpaid order's time to pay has run out. */
export function isPaymentOverdue(order: { paymentDueAt: Date | null }, now = new Date()): boolean {
  return order.paymentDueAt !== null && order.paymentDueAt.getTime() <= now.getTime();
}

/** A tracking number as carriers issue them: letters, digits and dashes; spaces a paste or a print brings are dropped. */
export function parseTrackingNumber(value: string): string | null {
  const compact = value.replace(/\s+/g, "");
  return /^[A-Za-z0-9-]{4,40}$/.test(compact) ? compact.toUpperCase() : null;
}

type OrderRow = typeof orders.$inferSelect;

/** What a message tells of the order: read in the transaction of the change, so it is what the change left. */
export async function orderFacts(db: Database, order: OrderRow): Promise<OrderFacts> {
  const [lines, [account]] = await Promise.all([
    db.select({ name: orderLines.name, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db.select({ phone: users.phone, email: users.email }).from(users).where(eq(users.id, order.userId)),
  ]);
  return orderFactsOf(order, lines, account);
}

/** The facts of an order, its lines and its buyer's account (pure: the message tests build them from stored orders). */
export function orderFactsOf(
  order: Pick<OrderRow, "id" | "number" | "total" | "delivery" | "city" | "paymentId" | "contact" | "paymentDueAt"> & {
    channel?: OrderRow["channel"];
    checkoutToken?: OrderRow["checkoutToken"];
  },
  lines: OrderFacts["lines"],
  account: { phone: string; email: string | null } | undefined,
): OrderFacts {
  return {
    id: order.id,
    number: order.number,
    total: order.total,
    delivery: orderDeliveryLine(order.delivery, order.city.name),
    deliveryKind: deliveryKindOf(order.delivery),
    paysOnline: order.paymentId === PAYMENT_IDS.online,
    paysByInvoice: order.paymentId === PAYMENT_IDS.invoice,
    // SMS go to the phone the buyer signed in with (verified by its code), not a recipient's typed number.
    buyer: {
      name: [order.contact.name, order.contact.lastName].filter(Boolean).join(" "),
      phone: account?.phone ?? "",
      email: order.contact.email || account?.email || "",
    },
    lines,
    paymentDueAt: order.paymentDueAt?.toISOString() ?? null,
    ...(pickupSlotOf(order.delivery) ? { pickupSlot: pickupSlotOf(order.delivery) } : {}),
    ...(order.channel ? { takenByStaff: true } : {}),
    ...(isPreorderToken(order.checkoutToken) ? { fromPreorder: true } : {}),
  };
}

/** The message each status sends, when it sends one. */
function statusEvent(
  status: OrderStatus,
  order: OrderFacts,
  details: { note: string; trackingNumber?: string | null; listMatch?: { subjectId: string; listDate: string | null } | null },
): NotificationEvent | null {
  switch (status) {
    case "on_review":
      return details.listMatch ? { kind: "order_on_review", order, subjectId: details.listMatch.subjectId, listDate: details.listMatch.listDate } : null;
    case "new":
    case "awaiting_payment":
      return { kind: "order_placed", order };
    case "paid":
      return { kind: "order_paid", order };
    case "shipped":
      return { kind: "order_shipped", order, trackingNumber: details.trackingNumber ?? "" };
    case "ready_for_pickup":
      return { kind: "order_ready_for_pickup", order };
    case "completed":
      return { kind: "order_completed", order };
    case "cancelled":
      return { kind: "order_cancelled", order, reason: details.note || CANCELLED_BY_SHOP_REASON };
    case "assembling":
      return null;
  }
}

/**
 * Writes what a status change of an order leaves behind, inside its transaction: the history
 * row and the messages to the buyer and the staff. `order` is the order as the change left it.
 */
export async function recordOrderStep(
  db: Database,
  order: OrderRow,
  step: { status: OrderStatus; actor: OrderActor; note?: string; now?: Date; listMatch?: { subjectId: string; listDate: string | null } | null },
): Promise<void> {
  const now = step.now ?? new Date();
  const note = step.note ?? (step.status === "shipped" && order.trackingNumber ? `Трек-номер ${order.trackingNumber}` : "");
  await db.insert(orderEvents).values({ orderId: order.id, status: step.status, note, actor: step.actor, createdAt: now });
  // A cancelled or expired order gives its office pickup place back, in the same transaction.
  if (step.status === "cancelled") await freeSlot(db, order.id);
  const event = statusEvent(step.status, await orderFacts(db, order), {
    note: step.note ?? "",
    trackingNumber: order.trackingNumber,
    listMatch: step.listMatch,
  });
  if (event) await recordNotifications(db, event, undefined, now);
}

/** The order's history for its page: each status with its time and note, oldest first. */
export async function orderHistory(db: Database, orderId: number) {
  return db
    .select({ status: orderEvents.status, note: orderEvents.note, createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/** Orders past their deadline, oldest deadline first: online ones not paid, ones paid on receipt not confirmed. */
export async function overdueOrders(db: Database, now = new Date(), limit = 50): Promise<Array<{ number: string; status: "awaiting_payment" | "new" }>> {
  const rows = await db
    .select({ number: orders.number, status: orders.status })
    .from(orders)
    .where(and(inArray(orders.status, ["awaiting_payment", "new"]), lte(orders.paymentDueAt, now)))
    .orderBy(asc(orders.paymentDueAt))
    .limit(limit);
  return rows as Array<{ number: string; status: "awaiting_payment" | "new" }>;
}
