import type { ReceiptVat } from "../tax/vat.ts";

/**
 * What the checkout sees of an online-payment provider (docs/architecture.md §5, payment id 4):
 * create a payment and send the buyer to its confirmation page, then read a payment's state.
 * Providers: the built-in sandbox and YooKassa v3 (yookassa.server.ts).
 */

export type PaymentProviderId = "sandbox" | "yookassa";

/** YooKassa's statuses; `succeeded` and `canceled` are final. */
export type PaymentStatus = "pending" | "waiting_for_capture" | "succeeded" | "canceled";

export const PAYMENT_STATUSES = ["pending", "waiting_for_capture", "succeeded", "canceled"] as const satisfies readonly PaymentStatus[];

export function isFinalPaymentStatus(status: PaymentStatus): boolean {
  return status === "succeeded" || status === "canceled";
}

/** One receipt line (54-FZ). */
export type PaymentItem = {
  name: string;
  /** Whole units. */
  quantity: number;
  /** Price of one unit in whole roubles. */
  priceRub: number;
  /**
   * "exempt": investment coins without VAT (пп. 11 п. 2 ст. 149 НК); "vat20" / "vat22": the price
   * includes VAT at the general rate of the order's date (tax/vat.ts).
   */
  vat: ReceiptVat;
  /** What the line sells (54-FZ payment subject): goods (the default) or a service such as delivery. */
  subject?: "commodity" | "service";
  /**
   * 54-FZ way of settlement. Coins paid online and handed over later: "full_prepayment" at
   * payment and in its refund, "full_payment" in the settlement receipt at handover (the default).
   */
  paymentMode?: "full_prepayment" | "full_payment";
};

/** The buyer's contact a receipt goes to: the e-mail, else the phone; one is required. */
export type ReceiptCustomer = { email?: string; phone?: string };

/** A receipt sent with a refund (a refund of a prepayment, or of a settled sale). */
export type RefundReceipt = { customer: ReceiptCustomer; items: PaymentItem[] };

/**
 * A receipt that is a request of its own (YooKassa POST /v3/receipts): the settlement receipt
 * at handover, type "payment", its whole amount settled against the prepayment of `paymentId`.
 */
export type SettlementReceiptInput = {
  /** The provider's id of the succeeded payment whose prepayment is settled. */
  paymentId: string;
  customer: ReceiptCustomer;
  items: PaymentItem[];
  /** Whole roubles: the sum of the items. */
  amountRub: number;
  idempotenceKey: string;
};

export type ReceiptState = { receiptId: string; status: "pending" | "succeeded" | "canceled" };

export type CreatePaymentInput = {
  orderId: string;
  /** Whole roubles; must equal the sum of priceRub × quantity over the items. */
  amountRub: number;
  description: string;
  /** Where the provider sends the buyer back. */
  returnUrl: string;
  /** The same key for every attempt at the same payment (YooKassa: at most 64 characters). */
  idempotenceKey: string;
  /** The receipt goes to the e-mail, else to the phone; one of them is required. */
  customer: ReceiptCustomer;
  items: PaymentItem[];
};

export type CreatedPayment = {
  paymentId: string;
  status: PaymentStatus;
  /** The page to send the buyer to; null when the payment needs none (e.g. already final). */
  confirmationUrl: string | null;
};

export type PaymentState = {
  paymentId: string;
  status: PaymentStatus;
  /** Roubles (kopecks as the fraction, if a payment ever had them). */
  amountRub: number;
  /** metadata.order_id, as the shop set it. */
  orderId: string | null;
  paid: boolean;
  /** Why a canceled payment was canceled, in Russian for the buyer, when the provider says. */
  failureReason?: string;
};

export type RefundStatus = "pending" | "succeeded" | "canceled";

export type RefundInput = {
  /** The provider's id of the succeeded payment. */
  paymentId: string;
  /** Whole roubles to give back. */
  amountRub: number;
  /** The same key for every try of the same refund, so the money goes back once. */
  idempotenceKey: string;
  description: string;
  /** The refund receipt (54-FZ); the same lines as the receipt of the money given back. */
  receipt?: RefundReceipt;
};

export type RefundState = { refundId: string; status: RefundStatus; amountRub: number };

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  getPayment(paymentId: string): Promise<PaymentState>;
  /**
   * Stops a payment that has not succeeded (its order was cancelled) where the provider can,
   * and answers its state now: canceled, still pending (YooKassa cannot cancel a redirect
   * payment the buyer has not confirmed; it expires on its own), or succeeded (paid first).
   */
  cancelPayment(paymentId: string, idempotenceKey: string): Promise<PaymentState>;
  /** Gives back a succeeded payment's money. */
  refundPayment(input: RefundInput): Promise<RefundState>;
  /** Registers a settlement receipt (the coins are handed over); the same key finds the same receipt. */
  createSettlementReceipt(input: SettlementReceiptInput): Promise<ReceiptState>;
  /** Where a receipt registered earlier stands: a pending one becomes succeeded or canceled at the fiscal operator. */
  getReceipt(receiptId: string): Promise<ReceiptState>;
}

/**
 * - request: the shop's request was wrong (bad amount, receipt, key); a new attempt needs a fix and a new key.
 * - configuration: wrong credentials or a refused shop (401, 403).
 * - not_found: no such payment (404).
 * - rate_limit: too many requests (429); try again later with the same key.
 * - unavailable: network fault, timeout, 5xx, an answer that is not the documented JSON; the
 *   outcome may be unknown, so a retry must reuse the same Idempotence-Key.
 */
export type PaymentFailureKind = "request" | "configuration" | "not_found" | "rate_limit" | "unavailable";

export const PAYMENT_RETRY_MESSAGE = "Платёжный сервис временно недоступен. Попробуйте оплатить ещё раз через минуту.";
export const PAYMENT_FAILED_MESSAGE = "Не удалось создать платёж. Попробуйте другой способ оплаты или свяжитесь с нами.";
export const PAYMENT_NOT_FOUND_MESSAGE = "Платёж не найден. Попробуйте оплатить заказ ещё раз.";

function defaultUserMessage(kind: PaymentFailureKind, retryable: boolean): string {
  if (kind === "not_found") return PAYMENT_NOT_FOUND_MESSAGE;
  return retryable ? PAYMENT_RETRY_MESSAGE : PAYMENT_FAILED_MESSAGE;
}

const MAX_IDEMPOTENCE_KEY_CHARS = 64;

function isWholeRoubles(value: number, min: number): boolean {
  return Number.isSafeInteger(value) && value >= min;
}

/**
 * The rules every provider holds a new payment to (YooKassa's, which the sandbox follows so
 * that a mistake shows up without the real service): whole roubles, a receipt whose lines sum
 * to the amount, the buyer's e-mail or phone, a key of 1–64 characters. Throws a "request"
 * PaymentProviderError.
 */
export function checkCreatePaymentInput(input: CreatePaymentInput, provider: PaymentProviderId): void {
  const refuse = (message: string) => new PaymentProviderError(message, { provider, kind: "request", retryable: false });
  if (!isWholeRoubles(input.amountRub, 1)) throw refuse(`Payment amount must be whole roubles ≥ 1, got ${input.amountRub}`);
  if (input.items.length === 0) throw refuse("A receipt needs at least one item");
  let total = 0;
  for (const item of input.items) {
    if (!isWholeRoubles(item.quantity, 1)) throw refuse(`Item quantity must be a whole number ≥ 1, got ${item.quantity}`);
    if (!isWholeRoubles(item.priceRub, 0)) throw refuse(`Item price must be whole roubles ≥ 0, got ${item.priceRub}`);
    if (item.name.trim() === "") throw refuse("An item has no name");
    total += item.priceRub * item.quantity;
  }
  if (total !== input.amountRub) throw refuse(`Receipt items sum to ${total} ₽, the payment is ${input.amountRub} ₽`);
  const key = input.idempotenceKey;
  if (key === "" || key.length > MAX_IDEMPOTENCE_KEY_CHARS) throw refuse(`Idempotence-Key must have 1–${MAX_IDEMPOTENCE_KEY_CHARS} characters`);
  if (input.orderId === "" || input.orderId.length > 512) throw refuse("order_id must have 1–512 characters");
  if (!input.customer.email?.trim() && !input.customer.phone?.trim()) throw refuse("A receipt needs the buyer's e-mail or phone");
}

/** The checks of a receipt of its own: lines that sum to the amount, a contact, a key. Throws a "request" PaymentProviderError. */
export function checkReceiptInput(
  input: { items: PaymentItem[]; amountRub: number; customer: ReceiptCustomer; idempotenceKey: string },
  provider: PaymentProviderId,
): void {
  const refuse = (message: string) => new PaymentProviderError(message, { provider, kind: "request", retryable: false });
  if (!isWholeRoubles(input.amountRub, 1)) throw refuse(`Receipt amount must be whole roubles ≥ 1, got ${input.amountRub}`);
  if (input.items.length === 0) throw refuse("A receipt needs at least one item");
  const total = input.items.reduce((sum, item) => sum + item.priceRub * item.quantity, 0);
  if (total !== input.amountRub) throw refuse(`Receipt items sum to ${total} ₽, the receipt is ${input.amountRub} ₽`);
  if (input.idempotenceKey === "" || input.idempotenceKey.length > MAX_IDEMPOTENCE_KEY_CHARS)
    throw refuse(`Idempotence-Key must have 1–${MAX_IDEMPOTENCE_KEY_CHARS} characters`);
  if (!input.customer.email?.trim() && !input.customer.phone?.trim()) throw refuse("A receipt needs the buyer's e-mail or phone");
}

export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  readonly provider: PaymentProviderId;
  readonly kind: PaymentFailureKind;
  /** Trying again (with the same Idempotence-Key) may succeed. */
  readonly retryable: boolean;
  /** Russian text to show the buyer. */
  readonly userMessage: string;
  /** The HTTP status of the provider's answer, when there was one. */
  readonly httpStatus: number | undefined;
  /** The provider's own error code (YooKassa: "invalid_request", "too_many_requests"…). */
  readonly providerCode: string | undefined;

  constructor(
    message: string,
    options: {
      provider: PaymentProviderId;
      kind: PaymentFailureKind;
      retryable: boolean;
      userMessage?: string;
      httpStatus?: number;
      providerCode?: string;
      cause?: unknown;
    },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.provider = options.provider;
    this.kind = options.kind;
    this.retryable = options.retryable;
    this.userMessage = options.userMessage ?? defaultUserMessage(options.kind, options.retryable);
    this.httpStatus = options.httpStatus;
    this.providerCode = options.providerCode;
  }
}
