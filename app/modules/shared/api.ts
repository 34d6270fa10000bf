/**
 * The /api error shape of ARCHITECTURE section 6: a 4xx status with
 * `{ error: { code, message } }` and a Russian message.
 */
export function apiError(status: number, code: string, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: { code, message } }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** A JSON answer of the /api contract. */
export function apiJson(body: unknown, init?: { status?: number; headers?: HeadersInit }): Response {
  return Response.json(body, { status: init?.status ?? 200, headers: { "Cache-Control": "no-store", ...init?.headers } });
}
