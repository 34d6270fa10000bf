/**
 * The outbound HTTP of the adapters that call other services, and how a
 * request is named in messages and why it failed, without leaking query strings.
 */

/** "host/path" of a URL, for messages (the query, which may hold keys, is left out). */
export function describeUrl(url: string | URL): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return String(url);
  }
}

/** Why a fetch failed: undici reports "fetch failed" and puts the socket error into `cause`. */
export function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code ? `${code} (${cause.message})` : cause.message;
  }
  return error.message;
}

/** Whether a fetch failed because its time ran out. */
export function isTimeout(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"));
}

export type OutboundFailure = "timeout" | "network" | "read" | "too_large";

/** A call to another service that brought no whole answer; the message names host and path only. */
export class OutboundHttpError extends Error {
  override name = "OutboundHttpError";
  readonly kind: OutboundFailure;
  constructor(message: string, kind: OutboundFailure, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

export type OutboundRequest = {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Covers connecting, the headers and the whole body. */
  timeoutMs: number;
  /** The longest answer read; a longer one is a failure, not a memory spike. */
  maxBytes: number;
  /** Stands in for the global fetch (tests). */
  fetchImpl?: typeof fetch;
};

export type OutboundAnswer = {
  status: number;
  /** The Content-Type header as sent, "" when absent. */
  contentType: string;
  bytes: Uint8Array;
  /** The body decoded as UTF-8. */
  text(): string;
};

/**
 * The one outbound HTTP call of the shop's adapters (quotes, delivery, SMS, Telegram, payments):
 * the whole answer, whatever its status, within one time limit and a size limit. Network
 * faults, timeouts, a body cut short or too long are OutboundHttpErrors; each adapter turns
 * them and the statuses it does not accept into its own errors.
 */
export async function fetchOutbound(url: string | URL, request: OutboundRequest): Promise<OutboundAnswer> {
  const where = describeUrl(url);
  const signal = AbortSignal.timeout(request.timeoutMs);
  const timedOut = (cause?: unknown) => new OutboundHttpError(`Request to ${where} timed out after ${request.timeoutMs} ms`, "timeout", { cause });
  let response: Response;
  try {
    response = await (request.fetchImpl ?? fetch)(url, {
      method: request.method ?? "GET",
      redirect: "follow",
      signal,
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
  } catch (error) {
    if (isTimeout(error, signal)) throw timedOut(error);
    throw new OutboundHttpError(`Request to ${where} failed: ${failureReason(error)}`, "network", { cause: error });
  }
  const contentType = response.headers.get("content-type") ?? "";
  const bytes = await readBounded(response, request.maxBytes, where, signal, timedOut);
  return { status: response.status, contentType, bytes, text: () => new TextDecoder().decode(bytes) };
}

async function readBounded(
  response: Response,
  maxBytes: number,
  where: string,
  signal: AbortSignal,
  timedOut: (cause?: unknown) => OutboundHttpError,
): Promise<Uint8Array> {
  const tooLarge = () => new OutboundHttpError(`${where} answered more than ${maxBytes} bytes`, "too_large");
  const declared = Number(response.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > maxBytes) {
        reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof OutboundHttpError) throw error;
    if (isTimeout(error, signal)) throw timedOut(error);
    throw new OutboundHttpError(`Reading the answer of ${where} failed: ${failureReason(error)}`, "read", { cause: error });
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
