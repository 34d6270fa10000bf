import { apiError } from "./api.ts";

/** A request body that is not the JSON an /api call expects, or is too large. */
export class BodyError extends Error {
  override name = "BodyError";
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

export const tooLargeMessage = "Слишком большой запрос";

/** A refused body as the /api contract answers it: 413 "too_large", otherwise `badCode` (400). */
export function bodyErrorResponse(error: BodyError, badCode = "bad_body"): Response {
  return apiError(error.status, error.status === 413 ? "too_large" : badCode, error.message);
}

/**
 * A request body read into memory when it is at most `maxBytes`, by its Content-Length
 * and by what actually arrives; null (the rest left unread) when it is larger.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) {
    await request.body.cancel().catch(() => undefined);
    return null;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON body of at most `maxBytes`, without trusting Content-Length. An empty body is `{}`. */
export async function readJsonBody(request: Request, maxBytes = 16_384): Promise<unknown> {
  const bytes = await readBodyWithin(request, maxBytes);
  if (!bytes) throw new BodyError(tooLargeMessage, 413);
  const text = new TextDecoder().decode(bytes).trim();
  if (text === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new BodyError("Тело запроса должно быть в формате JSON");
  }
  // "\u0000" parses into a NUL, which nobody means and PostgreSQL cannot store in text.
  if (containsNul(body)) throw new BodyError("Тело запроса содержит недопустимые символы");
  return body;
}

/** Walks the parsed value with a list, not recursion: "[[[[…" thousands deep is valid JSON within the limit. */
function containsNul(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (value.includes("\u0000")) return true;
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes("\u0000")) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** A JSON body that must be an object (the /api calls' shape), else a 400. */
export async function readJsonObject(request: Request, maxBytes = 4_096): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request, maxBytes);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new BodyError("Тело запроса должно быть JSON-объектом");
  return body as Record<string, unknown>;
}
