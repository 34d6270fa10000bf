import { QuotesProviderError } from "./provider.ts";
import { describeUrl, fetchOutbound, type OutboundAnswer, OutboundHttpError } from "../../shared/outbound-http.server.ts";

/**
 * The one HTTP GET of the quotes providers (on fetchOutbound): the whole answer as bytes.
 * Every failure (network, timeout, HTTP status outside 2xx, a body cut off or too long) is a
 * QuotesProviderError naming the host and path, so a provider never crashes its caller.
 */

/** An ordinary desktop browser; cbr.ru's anti-bot filter rejects unusual agents. */
export const BROWSER_USER_AGENT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** Quotes answers are a few kilobytes; anything this big is not one. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export type FetchBytesOptions = {
  timeoutMs: number;
  /** Stands in for the global fetch (tests). */
  fetchImpl?: typeof fetch;
  /** The Accept header; any type by default. */
  accept?: string;
};

export type FetchBytesResult = {
  status: number;
  /** The Content-Type header as sent, "" when absent. */
  contentType: string;
  bytes: Uint8Array;
};

/** An answer outside 2xx; carries what the provider may want to explain (a 403 HTML page). */
export class HttpStatusError extends QuotesProviderError {
  override name = "HttpStatusError";
  readonly status: number;
  readonly contentType: string;
  constructor(message: string, status: number, contentType: string) {
    super(message);
    this.status = status;
    this.contentType = contentType;
  }
}

export async function fetchBytes(url: string | URL, options: FetchBytesOptions): Promise<FetchBytesResult> {
  let answer: OutboundAnswer;
  try {
    answer = await fetchOutbound(url, {
      timeoutMs: options.timeoutMs,
      maxBytes: MAX_BODY_BYTES,
      ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      headers: {
        "User-Agent": BROWSER_USER_AGENT,
        Accept: options.accept ?? "*/*",
        "Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8",
      },
    });
  } catch (error) {
    if (error instanceof OutboundHttpError) throw new QuotesProviderError(error.message, { cause: error });
    throw error;
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new HttpStatusError(
      `${describeUrl(url)} answered HTTP ${answer.status}${answer.contentType ? ` (${answer.contentType})` : ""}`,
      answer.status,
      answer.contentType,
    );
  }
  return { status: answer.status, contentType: answer.contentType, bytes: answer.bytes };
}

export { describeUrl };
