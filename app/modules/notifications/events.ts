import type { DeliveryKind } from "../delivery/rules.ts";

/**
 * What reaches a person, and through which channel: one table, to be read against the list
 * of the order's life (order placed, paid, payment failed, shipped with tracking, ready for pickup,
 * completed, cancelled with reason, refund made, a payment for a cancelled order, buy-back
 * request received and answered).
 */

export const notificationChannels = ["sms", "email", "telegram"] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export type NotificationAudience = "buyer" | "staff";

/** The order as a message tells it: a snapshot taken in the transaction of the change. */
export type OrderFacts = {
  id: number;
  number: string;
  total: number;
  /** "Пункт выдачи СДЭК: Москва, Пункт выдачи «Центральный», ул. Кирова, 38", "Курьер СДЭК: Москва, ул. Тверская, 7, кв./оф. 12": the delivery with where it goes. */
  delivery: string;
  /** Decides what the shipping and pickup messages say; null for a delivery the shop no longer knows. */
  deliveryKind: DeliveryKind | null;
  /** Online payment (id 4) or on receipt (id 6). */
  paysOnline: boolean;
  /** Paid by a company's bank transfer against the shop's invoice (id 7): neither online nor on receipt. */
  paysByInvoice?: boolean;
  buyer: { name: string; phone: string; email: string };
  lines: Array<{ name: string; quantity: number }>;
  /** The end of the payment window of an online-payment order (ISO time). */
  paymentDueAt?: string | null;
  /** Office pickup: "пт, 4 декабря, 10:00–11:00 (МСК)", the time booked to collect it. */
  pickupSlot?: string | null;
  /** Taken by staff: the buyer has not seen the order page, so the SMS carries the link to pay. */
  takenByStaff?: boolean;
  /** Served from the buyer's pre-order at a coin's opening: its messages say so. */
  fromPreorder?: boolean;
};

export type BuybackFacts = {
  id: number;
  /** The number the seller quotes ("В-000042"); messages fall back to the id. */
  quoteNumber?: string;
  name: string;
  phone: string;
  items: string;
  /** The price quoted for a listed coin (all pieces, roubles) and until when it holds (ISO time). */
  quote?: { total: number; lockedUntil: string } | null;
  /** The shop's answer, for buyback_answered. */
  answer?: string;
};

/** A buyer's alert that has come true, as its message tells it. */
export type AlertFacts = {
  id: number;
  /** The one channel the buyer chose for this alert. */
  channel: "sms" | "email";
  buyer: { name: string; phone: string; email: string };
  coin: { name: string; slug: string };
  /** The coin's price now, whole roubles. */
  price: number;
  /** price_below: the buyer's limit. */
  threshold?: number;
  /** The Moscow day of the message (YYYY-MM-DD): one message per alert a day. */
  day: string;
  /** The secret of the e-mail's unsubscribe link. */
  token: string;
};

/** «Сообщить о начале продаж»: one subscription whose coin's sales have opened. */
export type LaunchFacts = {
  /** The subscription's id: one message per subscription, ever. */
  id: number;
  channel: "sms" | "email" | "telegram";
  buyer: { name: string; phone: string; email: string };
  coin: { name: string; slug: string };
  /** The cap for one buyer, if the coin has one. */
  buyerCap: number | null;
};

/** A pre-order left waiting at a coin's opening (decision 062): told its place in line once. */
export type PreorderFacts = {
  /** The pre-order's id: one message per pre-order, ever. */
  id: number;
  buyer: { name: string; phone: string; email: string };
  coin: { name: string; slug: string };
  quantity: number;
  place: number;
};

/** A buyer's return request at one of its steps, as its message tells it. */
export type ReturnFacts = {
  id: number;
  step: "requested" | "approved" | "received" | "refused";
  /** Pieces asked back: "Георгий Победоносец × 1". */
  lines: string[];
  amount: number;
  /** Where the coins go back (the return address), for «approved». */
  address: string;
  /** Staff's reason, for «refused». */
  refusal?: string;
  /** Whether the coins came back fit for sale, for «received». */
  sellable?: boolean;
};

export type NotificationEvent =
  /** A new request (staff are told too), then each of its steps (the buyer only). */
  | { kind: "return_requested" | "return_step"; order: OrderFacts; request: ReturnFacts }
  | { kind: "order_placed"; order: OrderFacts }
  | { kind: "order_paid"; order: OrderFacts }
  /** Staff changed an unpaid order (coins, delivery, recipient): `was` the old total, `revision` the order's new version. */
  | { kind: "order_changed"; order: OrderFacts; was: number; revision: number }
  /** A buyer matched the list of persons involved in extremism or terrorism: the order waits for compliance staff. */
  | { kind: "order_on_review"; order: OrderFacts; subjectId: string; listDate: string | null }
  /** attemptId: the payment attempt that failed (an order may fail more than once). */
  | { kind: "payment_failed"; order: OrderFacts; reason: string; attemptId: number }
  | { kind: "order_shipped"; order: OrderFacts; trackingNumber: string }
  | { kind: "order_ready_for_pickup"; order: OrderFacts }
  /** The day before the office pickup booked: once per booking (a moved booking is reminded again, `slot` in the key). */
  | { kind: "pickup_reminder"; order: OrderFacts; slot: string }
  | { kind: "order_completed"; order: OrderFacts }
  | { kind: "order_cancelled"; order: OrderFacts; reason: string }
  /** `manner`: how money given back by hand went (decision 061); absent for a refund through the payment service. */
  | { kind: "refund_made"; order: OrderFacts; amount: number; refundId: number; manner?: string }
  /** The payment service refused or did not answer a refund: the staff return the money by hand (or it is tried again hourly). */
  | { kind: "refund_failed"; order: OrderFacts; amount: number; refundId: number; reason: string }
  | { kind: "payment_after_cancel"; order: OrderFacts; amount: number; attemptId: number; refunded: boolean }
  /** A second payment arrived for an order another payment had paid: it is refunded on its own. */
  | { kind: "payment_surplus"; order: OrderFacts; amount: number; attemptId: number }
  | { kind: "buyback_received"; request: BuybackFacts }
  | { kind: "buyback_answered"; request: BuybackFacts }
  | { kind: "alert_price_below"; alert: AlertFacts }
  | { kind: "alert_in_stock"; alert: AlertFacts }
  | { kind: "launch_opened"; launch: LaunchFacts }
  | { kind: "preorder_waiting"; preorder: PreorderFacts }
  /** A pre-order the opening could not serve without the buyer's 115-FZ identification: closed, the buyer may order at the checkout. */
  | { kind: "preorder_needs_identification"; preorder: Omit<PreorderFacts, "place"> }
  /** Staff cancelled a waiting pre-order, with the reason they gave; nothing had been charged. */
  | { kind: "preorder_cancelled_by_shop"; preorder: Omit<PreorderFacts, "place">; reason: string };

export type NotificationEventKind = NotificationEvent["kind"];

/**
 * Which channels each event uses, for the buyer and for the staff. A channel that is not set
 * up (no Telegram bot, no staff e-mails) is left out when the messages are written; a buyer
 * without an e-mail gets the rest and a 'skipped' row says why.
 */
export const notificationRoutes: Readonly<Record<NotificationEventKind, { buyer: readonly NotificationChannel[]; staff: readonly NotificationChannel[] }>> = {
  order_placed: { buyer: ["sms", "email"], staff: ["telegram", "email"] },
  order_paid: { buyer: ["sms", "email"], staff: ["telegram", "email"] },
  order_changed: { buyer: ["sms", "email"], staff: [] },
  // The buyer is told nothing by message (115-FZ forbids telling them why): the checkout page says the order is being checked.
  order_on_review: { buyer: [], staff: ["telegram", "email"] },
  payment_failed: { buyer: ["email"], staff: [] },
  order_shipped: { buyer: ["sms", "email"], staff: [] },
  order_ready_for_pickup: { buyer: ["sms", "email"], staff: [] },
  pickup_reminder: { buyer: ["sms", "email"], staff: [] },
  order_completed: { buyer: ["email"], staff: [] },
  order_cancelled: { buyer: ["sms", "email"], staff: ["telegram"] },
  refund_made: { buyer: ["sms", "email"], staff: ["telegram"] },
  refund_failed: { buyer: [], staff: ["telegram", "email"] },
  payment_after_cancel: { buyer: [], staff: ["telegram", "email"] },
  payment_surplus: { buyer: ["email"], staff: ["telegram", "email"] },
  buyback_received: { buyer: ["sms"], staff: ["telegram", "email"] },
  buyback_answered: { buyer: ["sms"], staff: [] },
  // An alert goes by the one channel its buyer chose (outbox.server.ts picks it).
  alert_price_below: { buyer: ["sms", "email"], staff: [] },
  alert_in_stock: { buyer: ["sms", "email"], staff: [] },
  // By the one channel the buyer chose when subscribing.
  launch_opened: { buyer: ["sms", "email", "telegram"], staff: [] },
  // A pre-order the opening's stock did not reach: its place on the waiting list.
  preorder_waiting: { buyer: ["sms", "email"], staff: [] },
  preorder_needs_identification: { buyer: ["sms", "email"], staff: [] },
  preorder_cancelled_by_shop: { buyer: ["sms", "email"], staff: [] },
  // The buyer hears of every step of a return; staff of a new request. The money's step is refund_made.
  return_requested: { buyer: ["sms", "email"], staff: ["telegram", "email"] },
  return_step: { buyer: ["sms", "email"], staff: [] },
};

/**
 * The part of the idempotency key that names one occurrence of an event: the same change
 * written twice (a retried transaction, a webhook delivered twice) gives the same key, so
 * the message is stored once.
 */
export function occurrenceKey(event: NotificationEvent): string {
  switch (event.kind) {
    case "buyback_received":
      return `buyback:${event.request.id}:${event.kind}`;
    case "alert_price_below":
    case "alert_in_stock":
      // The day in the key: a second message of one alert on one day is never stored.
      return `alert:${event.alert.id}:${event.alert.day}`;
    case "launch_opened":
      return `launch:${event.launch.id}`;
    case "preorder_waiting":
      return `preorder:${event.preorder.id}:waiting`;
    case "preorder_needs_identification":
      return `preorder:${event.preorder.id}:needs-identification`;
    case "preorder_cancelled_by_shop":
      // A pre-order is cancelled once: a second press finds it cancelled and writes nothing.
      return `preorder:${event.preorder.id}:cancelled-by-shop`;
    case "buyback_answered":
      return `buyback:${event.request.id}:${event.kind}:${hashText(event.request.answer ?? "")}`;
    case "payment_failed":
    case "payment_after_cancel":
    case "payment_surplus":
      return `order:${event.order.id}:${event.kind}:${event.attemptId}`;
    case "refund_made":
    case "refund_failed":
      return `order:${event.order.id}:${event.kind}:${event.refundId}`;
    case "return_requested":
    case "return_step":
      return `return:${event.request.id}:${event.request.step}`;
    case "pickup_reminder":
      return `order:${event.order.id}:${event.kind}:${hashText(event.slot)}`;
    case "order_changed":
      // Each edit is its own message; the same edit written twice (a retried transaction) is stored once.
      return `order:${event.order.id}:${event.kind}:${event.revision}`;
    default:
      return `order:${event.order.id}:${event.kind}`;
  }
}

/** A short stable hash (FNV-1a) that tells two texts apart in a key. */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}
