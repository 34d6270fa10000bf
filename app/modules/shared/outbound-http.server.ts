/**
 * Small helpers shared by the adapters that call other services (quotes, SMS): how a
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
