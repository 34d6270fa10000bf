import { log } from "../shared/log.server.ts";
import { z } from "zod";
import { checkAnswer, gatewayCode, looseId, looseText, postFormForJson } from "./http.server.ts";
import { reportSmsFailure } from "./report.server.ts";
import { type SmsFailureKind, type SmsGateway, SmsSendError, maskPhone, phoneDigits } from "./sms.ts";

/**
 * SMS.ru (research/integrations.md §4): POST {baseUrl}/sms/send, form-encoded UTF-8,
 * `json=1`. The HTTP status is 200 even on errors, and the request as a whole can be
 * OK while the one number failed, so both the top-level status and `sms[number]` are read:
 *
 *   {"status":"OK","status_code":100,"sms":{"79161234567":{"status":"OK","status_code":100,"sms_id":"…"}},"balance":41.2}
 *   {"status":"OK","status_code":100,"sms":{"79161234567":{"status":"ERROR","status_code":207,"status_text":"…"}}}
 *   {"status":"ERROR","status_code":200,"status_text":"Неправильный api_id"}
 */

export type SmsRuOptions = {
  apiId: string;
  /** A sender name enabled in the account; the account's default without it. */
  from?: string | undefined;
  /** "https://sms.ru", without a trailing slash. */
  baseUrl: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
};

/** What an SMS.ru error code means for the shop (codes of integrations.md §4). */
export function classifySmsRuCode(code: number): { kind: SmsFailureKind; retryable: boolean } {
  switch (code) {
    // Bad api_id, bad token, bad login, account not confirmed.
    case 200:
    case 300:
    case 301:
    case 302:
    // Empty text, sender not enabled, text too long, bad time, GET instead of POST,
    // method not found, text not UTF-8, too many numbers: this shop's request is wrong.
    case 203:
    case 204:
    case 205:
    case 208:
    case 210:
    case 211:
    case 212:
    case 213:
      return { kind: "configuration", retryable: false };
    case 201:
      return { kind: "funds", retryable: false };
    // Bad number, no route, the account's stop list, number abroad, global stop list, no route (delivery state).
    case 202:
    case 207:
    case 209:
    case 214:
    case 215:
    case 150:
      return { kind: "number", retryable: false };
    // A forbidden word in the text: not the buyer's number.
    case 216:
      return { kind: "message", retryable: false };
    // Service unavailable, server error: try again.
    case 220:
    case 500:
      return { kind: "unavailable", retryable: true };
    // The daily limit does not pass within minutes; a blocked country does not pass at all.
    case 206:
    case 550:
      return { kind: "limit", retryable: false };
    default:
      // Anti-spam limits per number (230–233), anti-fraud limits by IP or country (501–508).
      if ((code >= 230 && code <= 233) || (code >= 501 && code <= 508)) return { kind: "limit", retryable: true };
      return { kind: "unknown", retryable: false };
  }
}

function refusal(code: number, text: string | undefined, scope: "request" | "number"): SmsSendError {
  const { kind, retryable } = classifySmsRuCode(code);
  const why = text ? ` ${text}` : "";
  return new SmsSendError(`SMS.ru refused the ${scope === "request" ? "request" : "number"}: ${code}${why}`, {
    gateway: "smsru",
    kind,
    retryable,
    providerCode: code,
  });
}

const unexpected = (what: string) => new SmsSendError(`SMS.ru answered unexpectedly: ${what}`, { gateway: "smsru", kind: "unavailable", retryable: true });

/** The status fields of the whole answer and of each number's entry. */
const statusFields = { status: z.string().optional(), status_code: gatewayCode.optional(), status_text: looseText };
const answerSchema = z.object({ ...statusFields, sms: z.record(z.string(), z.unknown()).optional() });
const entrySchema = z.object({ ...statusFields, sms_id: looseId });
type Status = { status?: string | undefined; status_code?: number | undefined };

/** An entry that says OK: status "OK", or (without a status) code 100. */
function isOk(entry: Status): boolean {
  return entry.status === undefined ? entry.status_code === 100 : entry.status === "OK";
}

/** Reads an answer to a send to `number` (digits): the message's id, or throws SmsSendError. */
export function interpretSmsRuAnswer(answer: unknown, number: string): { smsId: string | undefined } {
  const whole = checkAnswer(answerSchema, answer, unexpected);
  if (!isOk(whole)) {
    if (whole.status_code === undefined) throw unexpected(`status ${JSON.stringify(whole.status)} without a status_code`);
    throw refusal(whole.status_code, whole.status_text, "request");
  }
  if (whole.sms?.[number] === undefined) throw unexpected(`no entry for the number under "sms"`);
  // Checked in place, so a bad field is named by its whole path (sms.79161234567.status_code).
  const entry = checkAnswer(z.object({ sms: z.object({ [number]: entrySchema }) }), answer, unexpected).sms[number]!;
  if (!isOk(entry)) {
    if (entry.status_code === undefined) throw unexpected(`status ${JSON.stringify(entry.status)} of the number without a status_code`);
    throw refusal(entry.status_code, entry.status_text, "number");
  }
  return { smsId: entry.sms_id };
}

export function createSmsRuGateway(options: SmsRuOptions): SmsGateway {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/sms/send`;
  return {
    id: "smsru",
    async send(message, context) {
      const number = phoneDigits(message.to);
      try {
        const answer = await postFormForJson(
          url,
          { api_id: options.apiId, to: number, msg: message.text, json: "1", from: options.from, ip: context?.ip },
          { gateway: "smsru", timeoutMs: options.timeoutMs, fetchImpl: options.fetchImpl },
        );
        const { smsId } = interpretSmsRuAnswer(answer, number);
        log.info("SMS sent", { gateway: "smsru", to: maskPhone(message.to), id: smsId ?? "?" });
      } catch (error) {
        throw reportSmsFailure("smsru", message.to, error);
      }
    },
  };
}
