/**
 * The one way the shop reads and writes its plain cookies (docs/decisions/031-cookies-and-secret-rotation.md):
 * the `cookie-es` package's parse and serialize (the `cookie` package's, as React Router's own
 * createCookie uses them). Signed cookies: config/signed-cookie.server.ts. Every cookie of the shop is
 * HttpOnly, Secure and SameSite=Lax, but the visitor id a page proposes (visitor/visitor-proposal.ts).
 */
import { parse, parseSetCookie, serialize } from "cookie-es";

export type CookieOptions = {
  /** Seconds the browser keeps it (0 deletes it). */
  maxAge: number;
  /** "/" unless told (the back office's cookies: "/admin"). */
  path?: string;
};

/** The value of cookie `name` in a Cookie header, decoded; undefined when it is not there. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  return parse(header, { filter: (key) => key === name })[name];
}

/** The Set-Cookie header of a cookie of the shop. */
export function cookieHeader(name: string, value: string, { maxAge, path = "/" }: CookieOptions): string {
  return serialize(name, value, { maxAge, path, httpOnly: true, secure: true, sameSite: "lax" });
}

/** The Set-Cookie header that deletes a cookie of the shop (the path must be the one it was set with). */
export function clearCookieHeader(name: string, path = "/"): string {
  return cookieHeader(name, "", { maxAge: 0, path });
}

/** Whether an answer sets (or deletes) cookie `name`. */
export function setsCookie(response: Response, name: string): boolean {
  return response.headers.getSetCookie().some((line) => parseSetCookie(line)?.name === name);
}

/**
 * The names of the cookies in a Cookie header ("a=1; b=2" → a, b), for deciding whether a
 * request is anonymous (request/anonymous-request.ts). Unlike the parser, which skips a part
 * without "=" (so nothing in the shop can read it), this lists such a part by its text: the
 * decision must see everything the browser sent.
 */
export function cookieNames(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((part) => {
      const separator = part.indexOf("=");
      return (separator === -1 ? part : part.slice(0, separator)).trim();
    })
    .filter((name) => name.length > 0);
}
