/**
 * The visitor cookie of spec sections 3 and 9: a random uuid kept one year,
 * Secure, HttpOnly and SameSite=Lax. Anonymous lists belong to it.
 */
export const VISITOR_COOKIE = "uuid";
export const VISITOR_COOKIE_MAX_AGE = 31_536_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The visitor id carried by the request, or undefined when it is missing or malformed. */
export function readVisitorId(request: Request): string | undefined {
  const value = readCookie(request.headers.get("Cookie"), VISITOR_COOKIE)?.toLowerCase();
  return value && uuidPattern.test(value) ? value : undefined;
}

export function visitorCookieHeader(visitorId: string): string {
  return `${VISITOR_COOKIE}=${visitorId}; Max-Age=${VISITOR_COOKIE_MAX_AGE}; Path=/; Secure; HttpOnly; SameSite=Lax`;
}
