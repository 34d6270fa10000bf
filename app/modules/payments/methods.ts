/**
 * The shop's ways to pay (spec sections 4 and 9, docs/architecture.md §5); pure, for server and browser.
 * The delivery rules choose among them (payment on receipt goes with special-contact delivery), and
 * the order's size: above CARD_PAYMENT_MAX_RUB no card payment is offered (decision 054).
 */
export const PAYMENT_IDS = {
  /** Card or СБП through the aggregator: the default. */
  online: 4,
  /** Payment on receipt, used with special-contact delivery. */
  onReceipt: 6,
  /** A bank transfer against the shop's invoice («Счёт на оплату»): organisations and entrepreneurs. */
  invoice: 7,
} as const;

export type PaymentId = (typeof PAYMENT_IDS)[keyof typeof PAYMENT_IDS];

export const DEFAULT_PAYMENT_ID = PAYMENT_IDS.online;

/** Paid before the coins leave (by card or by the company's transfer): the order waits in «Ожидает оплаты» until then. */
export function isPrepaid(paymentId: number): boolean {
  return paymentId === PAYMENT_IDS.online || paymentId === PAYMENT_IDS.invoice;
}

export const paymentMethodLabels: Record<PaymentId, string> = {
  [PAYMENT_IDS.online]: "Онлайн картой или через СБП",
  [PAYMENT_IDS.onReceipt]: "При получении",
  [PAYMENT_IDS.invoice]: "Оплата по счёту",
};

export function isPaymentId(value: unknown): value is PaymentId {
  return value === PAYMENT_IDS.online || value === PAYMENT_IDS.onReceipt || value === PAYMENT_IDS.invoice;
}

/**
 * The ways this order may be paid, in the order the checkout lists them: by card up to the
 * card limit; on receipt with special-contact delivery; by invoice always (it needs the buyer's
 * company details, asked for when it is chosen).
 */
export function offeredPayments(order: { specialDelivery: boolean; total: number }, cardPaymentMaxRub: number): PaymentId[] {
  return [...(order.total <= cardPaymentMaxRub ? [PAYMENT_IDS.online] : []), ...(order.specialDelivery ? [PAYMENT_IDS.onReceipt] : []), PAYMENT_IDS.invoice];
}

export const paymentTexts = {
  /** Why a large order cannot be paid by card: peers' practice, card limits and the acquirer's fee. */
  overCardLimit: (limit: string) =>
    `Заказ дороже ${limit} нельзя оплатить картой: такие платежи упираются в лимиты карт, а комиссия эквайринга слишком велика. Оплатите его по счёту (для организаций и ИП) или при получении, если доставка это позволяет.`,
  invoiceNeedsCompany: "Оплата по счёту — для организаций и ИП: отметьте «Покупаю как организация или ИП» и заполните реквизиты.",
} as const;

export type PaymentWay = { id: PaymentId; label: string; note: string };

/**
 * The ways an order taken by staff may be paid: the checkout's own rule (offeredPayments, the card
 * limit included). `paymentWindow`: how long an online order waits ("30 минут").
 */
export function staffPaymentWays(order: { specialDelivery: boolean; total: number }, cardPaymentMaxRub: number, paymentWindow: string): PaymentWay[] {
  const notes: Record<PaymentId, string> = {
    [PAYMENT_IDS.online]: `Покупателю придут SMS и письмо со ссылкой на оплату; оплатить нужно в течение ${paymentWindow}.`,
    [PAYMENT_IDS.onReceipt]: "Наличными или картой нашему сотруднику при вручении.",
    [PAYMENT_IDS.invoice]: "Для организаций и ИП: заполните реквизиты ниже; счёт в PDF придёт покупателю в письме.",
  };
  return offeredPayments(order, cardPaymentMaxRub).map((id) => ({ id, label: paymentMethodLabels[id], note: notes[id] }));
}

/** Whether staff may take (or keep, on an edit) this way to pay for the order as it stands. */
export function mayPayBy(paymentId: number, order: { specialDelivery: boolean; total: number }, cardPaymentMaxRub: number): paymentId is PaymentId {
  return staffPaymentWays(order, cardPaymentMaxRub, "").some((way) => way.id === paymentId);
}
