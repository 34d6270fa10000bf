import { z } from "zod";
import { log } from "../shared/log.server.ts";
import { firstIssue } from "../shared/zod-issue.ts";
import { failureReason, fetchOutbound, type OutboundAnswer, OutboundHttpError } from "../shared/outbound-http.server.ts";
import {
  type CreatePaymentInput,
  type CreatedPayment,
  PAYMENT_STATUSES,
  checkCreatePaymentInput,
  type PaymentFailureKind,
  type PaymentItem,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentState,
  type ReceiptCustomer,
  type ReceiptState,
  type RefundInput,
  type RefundState,
  type SettlementReceiptInput,
  checkReceiptInput,
} from "./provider.ts";
import type { ReceiptVat } from "../tax/vat.ts";

/**
 * YooKassa API v3 (research/integrations.md §5).
 *
 * - POST /v3/payments with HTTP Basic (shopId:secretKey) and `Idempotence-Key`; capture true
 *   (single stage, which СБП requires too), a redirect confirmation, metadata.order_id and a
 *   54-FZ receipt. Without payment_method_data the buyer picks card or СБП on YooKassa's page.
 * - GET /v3/payments/{id}.
 * - A network fault, a timeout, HTTP 5xx or an answer that is not the documented JSON leaves
 *   the outcome unknown: the request is repeated (`retries` times) with the same
 *   Idempotence-Key, which YooKassa answers with the original result. 4xx are not repeated.
 *
 * Receipt choices (docs/compliance.md, «To confirm with the accountant or lawyer»):
 * - vat_code 1 ("без НДС") for "exempt" items: coins of precious metals that are legal tender,
 *   other than collectable ones, are exempt (подпункт 11 пункта 2 статьи 149 НК РФ).
 * - vat_code 4 ("НДС 20%") or 11 ("НДС 22%") for items with VAT, by the order's date (tax/vat.ts):
 *   the rate of the goods, not the calculated 20/120 or 22/122, which a receipt at payment of
 *   goods handed over later may also carry [confirm].
 * - Coins are paid online and handed over later (54-FZ): the receipt at payment has
 *   payment_mode "full_prepayment"; at handover a settlement receipt (POST /v3/receipts, type
 *   "payment", settlements [{type: "prepayment"}]) has "full_payment"; a refund carries a refund
 *   receipt with the lines of the money given back.
 * - payment_subject "commodity" (coins) or "service" (delivery).
 */

export type YooKassaOptions = {
  shopId: string;
  secretKey: string;
  /** Without "/v3" and without a trailing slash. */
  baseUrl?: string;
  /** Per attempt: connect, headers and body. */
  timeoutMs: number;
  /** Repeats of a request whose outcome is unknown (default 1). */
  retries?: number;
  /** Pause before a repeat (default 300 ms). */
  retryDelayMs?: number;
  /** Stands in for the global fetch (tests). */
  fetchImpl?: typeof fetch;
};

export const YOOKASSA_VAT_CODES = { exempt: 1, vat20: 4, vat22: 11 } as const satisfies Record<ReceiptVat, number>;
export const YOOKASSA_PAYMENT_SUBJECT = "commodity";
/** The way of settlement of a receipt at payment: the coins are handed over later. */
export const YOOKASSA_PAYMENT_MODE = "full_prepayment";
const MAX_DESCRIPTION_CHARS = 128;
const MAX_BODY_CHARS = 256 * 1024;
/** Read at most this much of an answer: room for MAX_BODY_CHARS of any UTF-8, so longer JSON is still "not JSON", not a read failure. */
const MAX_ANSWER_BYTES = 4 * MAX_BODY_CHARS;

/** "15230.00" for 15230 roubles. */
export function formatRub(amountRub: number): string {
  return amountRub.toFixed(2);
}

/** "15230.00" → 15230; undefined unless a plain non-negative decimal. */
export function parseRub(value: string): number | undefined {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return undefined;
  return Number(value);
}

/** At most `max` characters (code points, so no half of a surrogate pair), trimmed. */
export function clip(text: string, max: number = MAX_DESCRIPTION_CHARS): string {
  const chars = Array.from(text.trim());
  return chars.length <= max
    ? chars.join("")
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** The receipt phone: digits "79XXXXXXXXX"; a leading 8 of a Russian number becomes 7. */
function receiptPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("8") ? `7${digits.slice(1)}` : digits;
}

const requestError = (message: string) => new PaymentProviderError(message, { provider: "yookassa", kind: "request", retryable: false });

/** receipt.customer: the e-mail, else the phone as digits. */
function receiptCustomer(input: ReceiptCustomer): Record<string, string> {
  const customer: Record<string, string> = {};
  const email = input.email?.trim();
  if (email) customer.email = email;
  else if (input.phone) {
    const phone = receiptPhone(input.phone);
    if (phone.length < 11 || phone.length > 15) throw requestError("The receipt phone must be a full international number");
    customer.phone = phone;
  }
  return customer;
}

/** receipt.items; a line without its own payment_mode takes `defaultMode`. */
function receiptItems(items: PaymentItem[], defaultMode: "full_prepayment" | "full_payment"): Array<Record<string, unknown>> {
  return items.map((item) => ({
    description: clip(item.name),
    quantity: item.quantity.toFixed(2),
    amount: { value: formatRub(item.priceRub), currency: "RUB" },
    vat_code: YOOKASSA_VAT_CODES[item.vat],
    payment_mode: item.paymentMode ?? defaultMode,
    payment_subject: item.subject ?? YOOKASSA_PAYMENT_SUBJECT,
  }));
}

/** Checks the input and builds the JSON body of POST /v3/payments: the receipt at payment is a full prepayment. */
export function buildCreatePaymentBody(input: CreatePaymentInput): Record<string, unknown> {
  checkCreatePaymentInput(input, "yookassa");
  return {
    amount: { value: formatRub(input.amountRub), currency: "RUB" },
    capture: true,
    confirmation: { type: "redirect", return_url: input.returnUrl, locale: "ru_RU" },
    description: clip(input.description),
    metadata: { order_id: input.orderId },
    receipt: { customer: receiptCustomer(input.customer), items: receiptItems(input.items, YOOKASSA_PAYMENT_MODE) },
  };
}

/** The JSON body of POST /v3/receipts for a settlement receipt: the goods handed over, paid by the prepayment. */
export function buildSettlementReceiptBody(input: SettlementReceiptInput): Record<string, unknown> {
  checkReceiptInput(input, "yookassa");
  if (!/^[\w-]{1,64}$/.test(input.paymentId)) throw requestError(`Not a YooKassa payment id: ${JSON.stringify(input.paymentId.slice(0, 80))}`);
  return {
    type: "payment",
    payment_id: input.paymentId,
    send: true,
    customer: receiptCustomer(input.customer),
    items: receiptItems(
      input.items.map((item) => ({ ...item, paymentMode: "full_payment" })),
      "full_payment",
    ),
    settlements: [{ type: "prepayment", amount: { value: formatRub(input.amountRub), currency: "RUB" } }],
  };
}

/** The JSON body of POST /v3/refunds, with its refund receipt when given. */
export function buildRefundBody(input: RefundInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    payment_id: input.paymentId,
    amount: { value: formatRub(input.amountRub), currency: "RUB" },
    description: clip(input.description, 250),
  };
  if (input.receipt) {
    checkReceiptInput({ ...input.receipt, amountRub: input.amountRub, idempotenceKey: input.idempotenceKey }, "yookassa");
    body.receipt = { customer: receiptCustomer(input.receipt.customer), items: receiptItems(input.receipt.items, YOOKASSA_PAYMENT_MODE) };
  }
  return body;
}

/**
 * cancellation_details.reason of a canceled payment, in words for the buyer (YooKassa's list
 * of reasons); an unknown reason reads as a plain refusal.
 */
const CANCELLATION_REASONS: Record<string, string> = {
  "3d_secure_failed": "Не пройдена проверка 3-D Secure. Попробуйте ещё раз или оплатите другой картой.",
  call_issuer: "Банк отклонил платёж. Позвоните в банк, выпустивший карту, или оплатите другой картой.",
  canceled_by_merchant: "Платёж отменён магазином.",
  card_expired: "Истёк срок действия карты. Оплатите другой картой.",
  country_forbidden: "Оплата картой, выпущенной в этой стране, невозможна. Оплатите другой картой или через СБП.",
  expired_on_capture: "Время на оплату истекло. Попробуйте оплатить ещё раз.",
  expired_on_confirmation: "Время на оплату истекло. Попробуйте оплатить ещё раз.",
  fraud_suspected: "Платёж отклонён по соображениям безопасности. Оплатите другим способом.",
  general_decline: "Банк отклонил платёж. Попробуйте ещё раз или оплатите другим способом.",
  insufficient_funds: "Недостаточно средств. Пополните счёт или оплатите другой картой.",
  internal_timeout: "Платёжный сервис не ответил вовремя. Попробуйте оплатить ещё раз.",
  invalid_card_number: "Неверный номер карты. Попробуйте ещё раз.",
  invalid_csc: "Неверный код CVV2 (CVC2). Попробуйте ещё раз.",
  issuer_unavailable: "Банк карты не отвечает. Попробуйте позже или оплатите другой картой.",
  payment_method_limit_exceeded: "Превышен лимит платежей для этой карты или кошелька. Оплатите другим способом.",
  payment_method_restricted: "Операции с этой картой или кошельком запрещены. Оплатите другим способом.",
  permission_revoked: "Разрешение на оплату отозвано. Попробуйте оплатить ещё раз.",
};
export const YOOKASSA_CANCELED_MESSAGE = "Платёж отменён. Попробуйте оплатить ещё раз или выберите другой способ.";

export function cancellationReasonText(reason: string | undefined): string {
  return (reason === undefined ? undefined : CANCELLATION_REASONS[reason]) ?? YOOKASSA_CANCELED_MESSAGE;
}

const amountSchema = z.object({ value: z.string(), currency: z.string() });
const paymentSchema = z.object({
  id: z.string().min(1),
  status: z.enum(PAYMENT_STATUSES),
  paid: z.boolean(),
  amount: amountSchema,
  confirmation: z.object({ type: z.string(), confirmation_url: z.string().optional() }).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  cancellation_details: z.object({ party: z.string().optional(), reason: z.string().optional() }).optional(),
});
const errorSchema = z.object({
  type: z.literal("error").optional(),
  code: z.string().optional(),
  description: z.string().optional(),
  parameter: z.string().optional(),
});

type YooKassaPayment = z.infer<typeof paymentSchema>;

const refundSchema = z.object({
  id: z.string().min(1),
  status: z.enum(["pending", "succeeded", "canceled"]),
  amount: amountSchema,
  payment_id: z.string().optional(),
});

/** Reads a refund object; an answer of any other shape is an "unavailable" error (the outcome is unknown: repeat with the same key). */
export function interpretRefund(answer: unknown, where: string): z.infer<typeof refundSchema> {
  const parsed = refundSchema.safeParse(answer);
  if (!parsed.success || parsed.data.amount.currency !== "RUB" || parseRub(parsed.data.amount.value) === undefined) {
    throw unavailable(`${where} answered a refund of unexpected shape${parsed.success ? "" : ` (${firstIssue(parsed.error)})`}`);
  }
  return parsed.data;
}

const receiptSchema = z.object({ id: z.string().min(1), type: z.string().optional(), status: z.enum(["pending", "succeeded", "canceled"]) });

/** Reads a receipt object; an answer of any other shape is an "unavailable" error (repeat with the same key). */
export function interpretReceipt(answer: unknown, where: string): z.infer<typeof receiptSchema> {
  const parsed = receiptSchema.safeParse(answer);
  if (!parsed.success) throw unavailable(`${where} answered a receipt of unexpected shape (${firstIssue(parsed.error)})`);
  return parsed.data;
}

function unavailable(message: string, extra: { httpStatus?: number; providerCode?: string; cause?: unknown } = {}) {
  return new PaymentProviderError(message, { provider: "yookassa", kind: "unavailable", retryable: true, ...extra });
}

/** A call that brought no whole answer (network, timeout, a body cut short or too long): the outcome is unknown. Named by method and path, as before fetchOutbound. */
function outboundFailure(error: OutboundHttpError, where: string, timeoutMs: number): PaymentProviderError {
  switch (error.kind) {
    case "timeout":
      return unavailable(`${where} timed out after ${timeoutMs} ms`, { cause: error });
    case "network":
      return unavailable(`${where} failed: ${failureReason(error.cause)}`, { cause: error });
    case "read":
      return unavailable(`Reading the answer of ${where} failed: ${failureReason(error.cause)}`, { cause: error });
    case "too_large":
      return unavailable(`${where} answered more than ${MAX_ANSWER_BYTES} bytes`, { cause: error });
  }
}

/** Reads a payment object; an answer of any other shape is an "unavailable" error. */
export function interpretPayment(answer: unknown, where: string): YooKassaPayment {
  const parsed = paymentSchema.safeParse(answer);
  if (!parsed.success) throw unavailable(`${where} answered a payment of unexpected shape (${firstIssue(parsed.error)})`);
  if (parsed.data.amount.currency !== "RUB" || parseRub(parsed.data.amount.value) === undefined) {
    throw unavailable(`${where} answered an unexpected amount ${JSON.stringify(parsed.data.amount)}`);
  }
  return parsed.data;
}

/** Maps an HTTP error answer of YooKassa (integrations.md §5, "Errors") to a PaymentProviderError. */
export function classifyYooKassaError(status: number, body: unknown, where: string): PaymentProviderError {
  const parsed = errorSchema.safeParse(body);
  const details = parsed.success ? parsed.data : {};
  const code = details.code;
  const what = [code, details.description, details.parameter ? `(parameter ${details.parameter})` : undefined].filter(Boolean).join(" ");
  const message = `${where} answered HTTP ${status}${what ? `: ${what}` : ""}`;
  const extra = { httpStatus: status, ...(code === undefined ? {} : { providerCode: code }) };
  let kind: PaymentFailureKind;
  let retryable: boolean;
  if (status >= 500 || status === 408) [kind, retryable] = ["unavailable", true];
  else if (status === 429) [kind, retryable] = ["rate_limit", true];
  else if (status === 404) [kind, retryable] = ["not_found", false];
  else if (status === 401 || status === 403) [kind, retryable] = ["configuration", false];
  // 400 invalid_request, 405, 415 and anything else: this request is wrong.
  else [kind, retryable] = ["request", false];
  return new PaymentProviderError(message, { provider: "yookassa", kind, retryable, ...extra });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createYooKassaProvider(options: YooKassaOptions): PaymentProvider {
  const base = `${(options.baseUrl ?? "https://api.yookassa.ru").replace(/\/+$/, "")}/v3`;
  const authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`, "utf8").toString("base64")}`;
  const retries = Math.max(0, options.retries ?? 1);
  const retryDelayMs = options.retryDelayMs ?? 300;

  /** One attempt: the parsed JSON of a 2xx answer, or a PaymentProviderError. Messages never carry the credentials. */
  async function attempt(method: "GET" | "POST", path: string, body: string | undefined, idempotenceKey: string | undefined): Promise<unknown> {
    const url = `${base}${path}`;
    const where = `YooKassa ${method} /v3${path}`;
    const headers: Record<string, string> = { Authorization: authorization, Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json; charset=utf-8";
    if (idempotenceKey !== undefined) headers["Idempotence-Key"] = idempotenceKey;
    let answer: OutboundAnswer;
    try {
      answer = await fetchOutbound(url, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        timeoutMs: options.timeoutMs,
        maxBytes: MAX_ANSWER_BYTES,
        ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      });
    } catch (error) {
      if (error instanceof OutboundHttpError) throw outboundFailure(error, where, options.timeoutMs);
      throw error;
    }
    const text = answer.text();
    let json: unknown;
    let isJson = false;
    try {
      if (text.length <= MAX_BODY_CHARS) {
        json = JSON.parse(text) as unknown;
        isJson = true;
      }
    } catch {
      // Not JSON: handled below.
    }
    if (answer.status < 200 || answer.status > 299) throw classifyYooKassaError(answer.status, json, where);
    if (!isJson) throw unavailable(`${where} answered something other than JSON: ${text.slice(0, 120).replace(/\s+/g, " ")}`);
    return json;
  }

  /** Repeats an attempt whose outcome is unknown (network, timeout, 5xx, garbage), with the same key. */
  async function request(method: "GET" | "POST", path: string, body?: string, idempotenceKey?: string): Promise<unknown> {
    for (let attemptNo = 0; ; attemptNo++) {
      try {
        return await attempt(method, path, body, idempotenceKey);
      } catch (error) {
        const repeat = error instanceof PaymentProviderError && error.kind === "unavailable" && attemptNo < retries;
        if (!repeat) throw error;
        log.warn("YooKassa request repeated", { method, path, attempt: attemptNo + 1, reason: error.message });
        if (retryDelayMs > 0) await sleep(retryDelayMs);
      }
    }
  }

  function toState(payment: YooKassaPayment): PaymentState {
    const orderId = payment.metadata?.order_id;
    const state: PaymentState = {
      paymentId: payment.id,
      status: payment.status,
      amountRub: parseRub(payment.amount.value) ?? Number.NaN,
      orderId: typeof orderId === "string" ? orderId : null,
      paid: payment.paid,
    };
    if (payment.status === "canceled") state.failureReason = cancellationReasonText(payment.cancellation_details?.reason);
    return state;
  }

  async function getPayment(paymentId: string): Promise<PaymentState> {
    if (!/^[\w-]{1,64}$/.test(paymentId)) {
      throw new PaymentProviderError(`Not a YooKassa payment id: ${JSON.stringify(paymentId.slice(0, 80))}`, {
        provider: "yookassa",
        kind: "not_found",
        retryable: false,
      });
    }
    const where = `YooKassa GET /v3/payments/${paymentId}`;
    return toState(interpretPayment(await request("GET", `/payments/${paymentId}`), where));
  }

  return {
    id: "yookassa",
    async createPayment(input): Promise<CreatedPayment> {
      const body = JSON.stringify(buildCreatePaymentBody(input));
      const answer = await request("POST", "/payments", body, input.idempotenceKey);
      const payment = interpretPayment(answer, "YooKassa POST /v3/payments");
      const confirmationUrl = payment.confirmation?.confirmation_url ?? null;
      if (payment.status === "pending" && confirmationUrl === null) {
        throw unavailable(`YooKassa created payment ${payment.id} without a confirmation_url`);
      }
      log.info("YooKassa payment created", { paymentId: payment.id, orderId: input.orderId, status: payment.status });
      return { paymentId: payment.id, status: payment.status, confirmationUrl };
    },
    getPayment,
    async cancelPayment(paymentId, idempotenceKey): Promise<PaymentState> {
      const current = await getPayment(paymentId);
      // Only a two-stage payment waiting for capture can be cancelled; a pending redirect payment expires by itself.
      if (current.status !== "waiting_for_capture") return current;
      const where = `YooKassa POST /v3/payments/${paymentId}/cancel`;
      return toState(interpretPayment(await request("POST", `/payments/${paymentId}/cancel`, "{}", idempotenceKey), where));
    },
    async refundPayment(input): Promise<RefundState> {
      if (!/^[\w-]{1,64}$/.test(input.paymentId)) throw requestError(`Not a YooKassa payment id: ${JSON.stringify(input.paymentId.slice(0, 80))}`);
      if (!Number.isSafeInteger(input.amountRub) || input.amountRub < 1) throw requestError(`Refund amount must be whole roubles ≥ 1, got ${input.amountRub}`);
      if (input.idempotenceKey === "" || input.idempotenceKey.length > 64) throw requestError("Idempotence-Key must have 1–64 characters");
      const body = JSON.stringify(buildRefundBody(input));
      const refund = interpretRefund(await request("POST", "/refunds", body, input.idempotenceKey), "YooKassa POST /v3/refunds");
      log.info("YooKassa refund created", { refundId: refund.id, paymentId: input.paymentId, status: refund.status });
      return { refundId: refund.id, status: refund.status, amountRub: parseRub(refund.amount.value)! };
    },
    async createSettlementReceipt(input): Promise<ReceiptState> {
      const body = JSON.stringify(buildSettlementReceiptBody(input));
      const receipt = interpretReceipt(await request("POST", "/receipts", body, input.idempotenceKey), "YooKassa POST /v3/receipts");
      log.info("YooKassa settlement receipt created", { receiptId: receipt.id, paymentId: input.paymentId, status: receipt.status });
      return { receiptId: receipt.id, status: receipt.status };
    },
    async getReceipt(receiptId): Promise<ReceiptState> {
      if (!/^[\w-]{1,64}$/.test(receiptId)) {
        throw new PaymentProviderError(`Not a YooKassa receipt id: ${JSON.stringify(receiptId.slice(0, 80))}`, {
          provider: "yookassa",
          kind: "not_found",
          retryable: false,
        });
      }
      const receipt = interpretReceipt(await request("GET", `/receipts/${receiptId}`), `YooKassa GET /v3/receipts/${receiptId}`);
      return { receiptId: receipt.id, status: receipt.status };
    },
  };
}
