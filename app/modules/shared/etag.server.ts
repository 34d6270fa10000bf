import { createHash } from "node:crypto";
import { apiJson } from "./api.ts";

/** A strong validator of a body: 27 characters of its SHA-1, quoted. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Whether the request's If-None-Match names this validator (weak or strong, RFC 9110 §13.1.2) or is "*". */
export function matchesIfNoneMatch(request: { headers: Pick<Headers, "get"> }, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value.replace(/^W\//, "") === opaque;
  });
}

/**
 * A JSON answer of the /api contract with an ETag: a client (or cache) that already holds
 * this body gets 304 without it. For answers that are the same for everyone and polled.
 */
export function apiJsonWithEtag(request: Request, body: unknown): Response {
  const text = JSON.stringify(body);
  const etag = etagOf(text);
  if (matchesIfNoneMatch(request, etag)) return new Response(null, { status: 304, headers: { ETag: etag } });
  const response = apiJson(body);
  response.headers.set("ETag", etag);
  return response;
}
