import { log } from "../shared/log.server.ts";
import { z } from "zod";
import { checkAnswer, gatewayCode, looseText, postFormForJson } from "./http.server.ts";
import { reportSmsFailure } from "./report.server.ts";
import { type SmsFailureKind, type SmsGateway, SmsSendError, maskPhone, phoneDigits } from "./sms.ts";

/**
 * SMSC.ru (research/integrations.md §4): POST {baseUrl}/sys/send.php, form-encoded, with
 * `fmt=3` (JSON) and `charset=utf-8` (its default is windows-1251). Answers:
 *
 *   {"id":1234567,"cnt":1}                                    sent (cost/balance only with cost=2/3)
 *   {"error":"authorise error","error_code":2}                errors 1, 2, 4, 5, 9
 *   {"error":"invalid phone","error_code":7,"id":1234567}     errors 3, 6, 7, 8 also carry the id
 */

export type SmscOptions = {
  login: string;
  password: string;
  /** A sender name enabled in the account; the account's default without it. */
  sender?: string | undefined;
  /** "https://smsc.ru", without a trailing slash. */
  baseUrl: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
};

/** What an SMSC error_code means for the shop. */
export function classifySmscCode(code: number): { kind: SmsFailureKind; retryable: boolean } {
  switch (code) {
    case 1: // parameter error
    case 2: // bad login or password
    case 5: // bad date format
      return { kind: "configuration", retryable: false };
    case 3: // insufficient funds
      return { kind: "funds", retryable: false };
    case 4: // this server's IP temporarily blocked after frequent errors
    case 9: // duplicate request or too many identical requests per minute
      return { kind: "limit", retryable: true };
    case 6: // message forbidden by text or sender
      return { kind: "message", retryable: false };
    case 7: // bad phone format
    case 8: // cannot deliver to this number
      return { kind: "number", retryable: false };
    default:
      return { kind: "unknown", retryable: false };
  }
}

const unexpected = (what: string) => new SmsSendError(`SMSC answered unexpectedly: ${what}`, { gateway: "smsc", kind: "unavailable", retryable: true });

/** A success has the id; a refusal the error_code and its words (and for some codes the id too). */
const answerSchema = z.object({ id: gatewayCode.optional(), error: z.unknown().optional(), error_code: gatewayCode.optional() });

/** Reads an answer to a send: the message's id, or throws SmsSendError. */
export function interpretSmscAnswer(answer: unknown): { id: number } {
  const { id, error, error_code: code } = checkAnswer(answerSchema, answer, unexpected);
  if (error !== undefined || code !== undefined) {
    const words = looseText.parse(error);
    const why = words ? ` ${words}` : "";
    if (code === undefined) {
      throw new SmsSendError(`SMSC refused the message without an error_code:${why}`, { gateway: "smsc", kind: "unknown", retryable: false });
    }
    const { kind, retryable } = classifySmscCode(code);
    throw new SmsSendError(`SMSC refused the message: ${code}${why}`, { gateway: "smsc", kind, retryable, providerCode: code });
  }
  if (id === undefined) throw unexpected("neither an id nor an error");
  return { id };
}

export function createSmscGateway(options: SmscOptions): SmsGateway {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/sys/send.php`;
  return {
    id: "smsc",
    async send(message) {
      try {
        const answer = await postFormForJson(
          url,
          {
            login: options.login,
            psw: options.password,
            phones: phoneDigits(message.to),
            mes: message.text,
            fmt: "3",
            charset: "utf-8",
            sender: options.sender,
          },
          { gateway: "smsc", timeoutMs: options.timeoutMs, fetchImpl: options.fetchImpl },
        );
        const { id } = interpretSmscAnswer(answer);
        log.info("SMS sent", { gateway: "smsc", to: maskPhone(message.to), id });
      } catch (error) {
        throw reportSmsFailure("smsc", message.to, error);
      }
    },
  };
}
