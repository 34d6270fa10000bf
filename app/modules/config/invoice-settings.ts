/**
 * What an invoice («Счёт на оплату») prints of the seller besides its legal details: the КПП and
 * the bank account the company pays to (SELLER_KPP, SELLER_BANK_NAME, SELLER_BIK, SELLER_ACCOUNT,
 * SELLER_CORRESPONDENT_ACCOUNT), and the rules of paying by invoice. Checked at start
 * (bank-details.ts); the demo values are made up around a real bank's БИК and carry valid keys.
 */
export type InvoiceSettings = {
  /** Null for a seller that is an ИП. */
  kpp: string | null;
  bankName: string;
  bik: string;
  account: string;
  correspondentAccount: string;
  /** True while the account is still the demo one: the invoice says so. */
  demo: boolean;
  /** Banking days an invoice may stay unpaid before its order is cancelled (INVOICE_PAYMENT_DAYS). */
  paymentDays: number;
  /** Above this order total, roubles, card payment is not offered (CARD_PAYMENT_MAX_RUB). */
  cardPaymentMaxRub: number;
};

export const DEMO_BANK = {
  kpp: "770101001",
  bankName: "ПАО Сбербанк, г. Москва (демо)",
  bik: "044525225",
  account: "40702810200000012345",
  correspondentAccount: "30101810400000000225",
} as const;
