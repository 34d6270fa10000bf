/**
 * Cookies whose value the shop signs (the one-time notice, the sign-in steps): React Router's
 * createCookie, which reads and writes them with the same parser as shared/cookies.ts.
 *
 * SESSION_SECRET may list several secrets, newest first (docs/decisions/031-cookies-and-secret-rotation.md):
 * a cookie is signed with the first and accepted when any of them signed it, so a new secret
 * can be put in front without signing anyone out, and an old one removed once its cookies
 * have expired.
 */
import { type Cookie, createCookie } from "react-router";
import { getConfig } from "./config.server.ts";
import type { CookieOptions } from "../shared/cookies.ts";

/** A signed cookie of the shop (HttpOnly, Secure, SameSite=Lax) with the given secrets, newest first. */
export function createSignedCookie(name: string, { maxAge, path = "/" }: CookieOptions, secrets: readonly string[]): Cookie {
  return createCookie(name, { httpOnly: true, secure: true, sameSite: "lax", path, maxAge, secrets: [...secrets] });
}

/** The signed cookie `name` with SESSION_SECRET's secrets, made on first use (after the configuration is read). */
export function signedCookie(name: string, options: CookieOptions): () => Cookie {
  let cookie: Cookie | undefined;
  return () => (cookie ??= createSignedCookie(name, options, getConfig().sessionSecrets));
}
