import { z } from "zod";
import { type SmsGatewayId, SmsSendError } from "./sms.ts";
import { firstIssue } from "../shared/zod-issue.ts";
import { describeUrl, fetchOutbound, type OutboundAnswer, OutboundHttpError } from "../shared/outbound-http.server.ts";

/**
 * The one HTTP call of the real SMS gateways (on fetchOutbound): a form POST (UTF-8)
 * answered with JSON. Every fault that is not an answer of the gateway (network, timeout,
 * HTTP status outside 2xx, a body that is not JSON) is an SmsSendError; messages name host
 * and path only, never the credentials.
 */

/** A gateway's answer is a few hundred bytes; anything this big is not one. */
const MAX_BODY_BYTES = 256 * 1024;

export type PostFormOptions = {
  gateway: SmsGatewayId;
  timeoutMs: number;
  /** Stands in for the global fetch (tests). */
  fetchImpl?: typeof fetch;
};

/** POSTs the fields and returns the JSON answer, parsed but not yet checked. */
export async function postFormForJson(url: string, fields: Record<string, string | undefined>, options: PostFormOptions): Promise<unknown> {
  const where = describeUrl(url);
  const unavailable = (message: string, cause?: unknown) =>
    new SmsSendError(message, { gateway: options.gateway, kind: "unavailable", retryable: true, cause });
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);

  let answer: OutboundAnswer;
  try {
    answer = await fetchOutbound(url, {
      method: "POST",
      timeoutMs: options.timeoutMs,
      maxBytes: MAX_BODY_BYTES,
      ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8", Accept: "application/json" },
      body: form.toString(),
    });
  } catch (error) {
    if (error instanceof OutboundHttpError) throw unavailable(error.message, error);
    throw error;
  }

  const status = answer.status;
  if (status < 200 || status > 299) {
    // 5xx, 408 and 429 pass; any other status means a wrong address or a refused account.
    if (status >= 500 || status === 408 || status === 429) throw unavailable(`${where} answered HTTP ${status}`);
    throw new SmsSendError(`${where} answered HTTP ${status}; check the gateway's base URL and account`, {
      gateway: options.gateway,
      kind: "configuration",
      retryable: false,
    });
  }
  const text = answer.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const sample = text.slice(0, 120).replace(/\s+/g, " ");
    throw unavailable(`${where} answered something other than JSON${answer.contentType ? ` (${answer.contentType})` : ""}: ${sample}`);
  }
}

/** A code field: gateways send codes as numbers, sometimes as strings of digits. */
export const gatewayCode = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, "expected a number")
    .transform(Number),
]);

/** An informative text (a refusal's words): a wrong type counts as absent, never fails a send. */
export const looseText = z.string().optional().catch(undefined);
/** A message id, only logged: a number or a string; a wrong type counts as absent (the message went out). */
export const looseId = z
  .union([z.string(), z.number().transform(String)])
  .optional()
  .catch(undefined);

/** The answer checked against its schema; a wrong shape is a retryable "unexpected answer" naming the bad field. */
export function checkAnswer<T>(schema: z.ZodType<T>, answer: unknown, unexpected: (what: string) => SmsSendError): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw unexpected(firstIssue(parsed.error, "the answer"));
  return parsed.data;
}
