import { QuotesProviderError } from "./provider.ts";
import { describeUrl, failureReason, isTimeout } from "../../shared/outbound-http.server.ts";

/**
 * The one HTTP GET of the quotes providers: the whole answer as bytes, within a time
 * limit that covers connecting, the headers and the body. Every failure (network,
 * timeout, HTTP status outside 2xx, a body cut off) is a QuotesProviderError naming the
 * host and path, so a provider never crashes its caller.
 */

/** An ordinary desktop browser; cbr.ru's anti-bot filter rejects unusual agents. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

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
  const where = describeUrl(url);
  const fetchImpl = options.fetchImpl ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs);
  const timedOut = () => new QuotesProviderError(`Request to ${where} timed out after ${options.timeoutMs} ms`);

  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: "GET",
      signal,
      redirect: "follow",
      headers: {
        "User-Agent": BROWSER_USER_AGENT,
        Accept: options.accept ?? "*/*",
        "Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8",
      },
    });
  } catch (error) {
    if (isTimeout(error, signal)) throw timedOut();
    throw new QuotesProviderError(`Request to ${where} failed: ${failureReason(error)}`, { cause: error });
  }

  const contentType = response.headers.get("content-type") ?? "";
  if (response.status < 200 || response.status > 299) {
    // Free the connection; the body of an error answer is not needed.
    response.body?.cancel().catch(() => {});
    throw new HttpStatusError(
      `${where} answered HTTP ${response.status}${contentType ? ` (${contentType})` : ""}`,
      response.status,
      contentType,
    );
  }

  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (isTimeout(error, signal)) throw timedOut();
    throw new QuotesProviderError(`Reading the answer of ${where} failed: ${failureReason(error)}`, { cause: error });
  }
  if (bytes.byteLength > MAX_BODY_BYTES) {
    throw new QuotesProviderError(`${where} answered ${bytes.byteLength} bytes, more than a quotes answer can be`);
  }
  return { status: response.status, contentType, bytes };
}

export { describeUrl };
