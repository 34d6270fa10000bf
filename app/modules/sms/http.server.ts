import { type SmsGatewayId, SmsSendError } from "./sms.ts";
import { describeUrl, failureReason, isTimeout } from "../shared/outbound-http.server.ts";

/**
 * The one HTTP call of the real SMS gateways: a form POST (UTF-8) answered with JSON,
 * within a time limit covering connect, headers and body. Every fault that is not an
 * answer of the gateway (network, timeout, HTTP status outside 2xx, a body that is not
 * JSON) is an SmsSendError; messages name host and path only, never the credentials.
 */

/** A gateway's answer is a few hundred bytes; anything this big is not one. */
const MAX_BODY_CHARS = 256 * 1024;

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

  const signal = AbortSignal.timeout(options.timeoutMs);
  const timedOut = () => unavailable(`Request to ${where} timed out after ${options.timeoutMs} ms`);
  let response: Response;
  try {
    response = await (options.fetchImpl ?? fetch)(url, {
      method: "POST",
      signal,
      headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8", Accept: "application/json" },
      body: form.toString(),
    });
  } catch (error) {
    if (isTimeout(error, signal)) throw timedOut();
    throw unavailable(`Request to ${where} failed: ${failureReason(error)}`, error);
  }

  if (response.status < 200 || response.status > 299) {
    response.body?.cancel().catch(() => {});
    const status = response.status;
    // 5xx, 408 and 429 pass; any other status means a wrong address or a refused account.
    if (status >= 500 || status === 408 || status === 429) throw unavailable(`${where} answered HTTP ${status}`);
    throw new SmsSendError(`${where} answered HTTP ${status}; check the gateway's base URL and account`, {
      gateway: options.gateway,
      kind: "configuration",
      retryable: false,
    });
  }

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isTimeout(error, signal)) throw timedOut();
    throw unavailable(`Reading the answer of ${where} failed: ${failureReason(error)}`, error);
  }
  const contentType = response.headers.get("content-type") ?? "";
  try {
    if (text.length > MAX_BODY_CHARS) throw new Error("too long");
    return JSON.parse(text) as unknown;
  } catch {
    const sample = text.slice(0, 120).replace(/\s+/g, " ");
    throw unavailable(`${where} answered something other than JSON${contentType ? ` (${contentType})` : ""}: ${sample}`);
  }
}

/** A JSON object's field as a number: gateways send codes as numbers, sometimes as strings. */
export function numberField(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^-?\d+$/.test(value.trim())) return Number(value);
  return undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
