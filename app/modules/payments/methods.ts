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
