import { DomainError } from "./failure.ts";

/** Response headers for /api: never cached unless the caller says otherwise. */
function apiHeaders(extra: HeadersInit | undefined): Headers {
  const headers = new Headers(extra);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return headers;
}

/**
 * The /api error shape of docs/architecture.md §6: a 4xx status with
 * `{ error: { code, message } }` and a Russian message.
 */
export function apiError(status: number, code: string, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: { code, message } }, { status, headers: apiHeaders(headers) });
}

/** A thrown refusal as the /api contract answers it, with Retry-After when the caller must wait; other errors go on. */
export function domainErrorResponse(error: unknown): Response {
  if (!(error instanceof DomainError)) throw error;
  return apiError(error.status, error.code, error.message, error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined);
}

/** A JSON answer of the /api contract. */
export function apiJson(body: unknown, init?: { status?: number; headers?: HeadersInit }): Response {
  return Response.json(body, { status: init?.status ?? 200, headers: apiHeaders(init?.headers) });
}
