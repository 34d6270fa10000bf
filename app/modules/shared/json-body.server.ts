/** A request body that is not the JSON an /api call expects, or is too large. */
export class BodyError extends Error {
  override name = "BodyError";
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

/** Reads a JSON body of at most `maxBytes`, without trusting Content-Length. An empty body is `{}`. */
export async function readJsonBody(request: Request, maxBytes = 16_384): Promise<unknown> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw new BodyError("Слишком большой запрос", 413);
  if (!request.body) return {};
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BodyError("Слишком большой запрос", 413);
    }
    chunks.push(value);
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks)).trim();
  if (text === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError("Тело запроса должно быть в формате JSON");
  }
}

/** A JSON body that must be an object (the /api calls' shape), else a 400. */
export async function readJsonObject(request: Request, maxBytes = 4_096): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request, maxBytes);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new BodyError("Тело запроса должно быть JSON-объектом");
  return body as Record<string, unknown>;
}
