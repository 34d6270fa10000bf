/**
 * Sending an SMS (the sign-in code). SMS_PROVIDER picks the gateway: `log` prints it to
 * the server log (the default, so a developer signs in without a phone), `file` appends
 * it to the outbox the test suites read, `smsru` and `smsc` send it for real.
 * Every failure is an SmsSendError; a gateway never throws anything else.
 */

export type SmsMessage = {
  /** "+7XXXXXXXXXX". */
  to: string;
  text: string;
  /** The code inside `text`, when it carries one (the file outbox records it). */
  code?: string;
  /**
   * The notification's idempotency key: a gateway that can (the file outbox) delivers a
   * message with a key it has seen once only.
   */
  key?: string;
};

export type SmsGatewayId = "log" | "file" | "smsru" | "smsc";

export interface SmsGateway {
  id: SmsGatewayId;
  /** Resolves once the gateway accepted the message; rejects with SmsSendError only. */
  send(message: SmsMessage, context?: { ip?: string }): Promise<void>;
}

/**
 * Why a message was not sent:
 * - configuration: wrong credentials, sender, base URL, parameters (the operator must act);
 * - funds: the account is out of money (the operator must act);
 * - number: the gateway will not deliver to this number (bad number, stop list, no route);
 * - message: the text itself was refused (forbidden words);
 * - limit: a rate or anti-fraud limit of the gateway;
 * - unavailable: network error, timeout, the gateway down or answering nonsense;
 * - unknown: a code this shop does not know.
 */
export type SmsFailureKind = "configuration" | "funds" | "number" | "message" | "limit" | "unavailable" | "unknown";

/** For a failure that may pass by itself. */
export const SMS_RETRY_MESSAGE = "Не удалось отправить SMS. Попробуйте ещё раз через минуту";
/** For a number the gateway will not deliver to. */
export const SMS_BAD_NUMBER_MESSAGE = "Не удалось отправить SMS на этот номер";
/** For a failure the buyer cannot help (the shop's account or settings). */
export const SMS_UNAVAILABLE_MESSAGE = "Отправка SMS временно недоступна. Попробуйте позже";

const defaultUserMessage = (kind: SmsFailureKind, retryable: boolean): string =>
  kind === "number" ? SMS_BAD_NUMBER_MESSAGE : retryable ? SMS_RETRY_MESSAGE : SMS_UNAVAILABLE_MESSAGE;

export class SmsSendError extends Error {
  override name = "SmsSendError";
  /** Trying again later may succeed (network, gateway down, rate limit). */
  readonly retryable: boolean;
  /** Russian text to show the buyer. */
  readonly userMessage: string;
  readonly kind: SmsFailureKind;
  readonly gateway: SmsGatewayId;
  /** The gateway's own error code, when it gave one. */
  readonly providerCode: number | undefined;

  constructor(
    message: string,
    options: {
      gateway: SmsGatewayId;
      kind: SmsFailureKind;
      retryable: boolean;
      userMessage?: string;
      providerCode?: number;
      cause?: unknown;
    },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.gateway = options.gateway;
    this.kind = options.kind;
    this.retryable = options.retryable;
    this.userMessage = options.userMessage ?? defaultUserMessage(options.kind, options.retryable);
    this.providerCode = options.providerCode;
  }
}

/** "+79161234567" → "79161234567", the form both SMS.ru and SMSC want. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}

/** "+79161234567" → "+7916***4567", for logs of the real gateways. */
export function maskPhone(phone: string): string {
  return phone.length > 8 ? `${phone.slice(0, 5)}***${phone.slice(-4)}` : "***";
}
