/**
 * The shop's ways to pay (spec sections 4 and 9, docs/architecture.md §5); pure, for server and browser.
 * The delivery rules choose among them (payment on receipt goes with special-contact delivery).
 */
export const PAYMENT_IDS = {
  /** Card or СБП through the aggregator: the default. */
  online: 4,
  /** Payment on receipt, used with special-contact delivery. */
  onReceipt: 6,
} as const;

export type PaymentId = (typeof PAYMENT_IDS)[keyof typeof PAYMENT_IDS];

export const DEFAULT_PAYMENT_ID = PAYMENT_IDS.online;

export type PaymentWay = { id: PaymentId; label: string; note: string };

/**
 * The ways to pay offered for a delivery, in the order shown: the one list the checkout and an
 * order taken by staff offer (online always; on receipt with special-contact delivery, where the
 * shop's own staff hand the parcel over). `paymentWindow`: how long an online order waits ("30 минут").
 */
export function paymentWays(delivery: { specialDelivery: boolean }, paymentWindow: string): PaymentWay[] {
  return [
    {
      id: PAYMENT_IDS.online,
      label: "Онлайн картой или через СБП",
      note: `Мир, Visa, Mastercard, СБП — на защищённой странице платёжного сервиса. Оплатите в течение ${paymentWindow} после оформления, иначе заказ будет отменён.`,
    },
    ...(delivery.specialDelivery ? [{ id: PAYMENT_IDS.onReceipt, label: "При получении", note: "Наличными или картой нашему сотруднику при вручении." }] : []),
  ];
}

/** Whether a way to pay is offered for this delivery (the list above decides). */
export function mayPayBy(paymentId: number, delivery: { specialDelivery: boolean }): paymentId is PaymentId {
  return paymentWays(delivery, "").some((way) => way.id === paymentId);
}
