import { signedCookie } from "../config/signed-cookie.server.ts";

/** A one-time notice shown after a redirect (post/redirect/get without JavaScript). */
export type Flash = { kind: "success" | "error"; message: string };

export const FLASH_COOKIE = "flash";

const flashCookie = signedCookie(FLASH_COOKIE, { maxAge: 60 });

/** The Set-Cookie header that carries a notice to the next page. */
export function flashHeader(flash: Flash): Promise<string> {
  return flashCookie().serialize(flash);
}

/** The notice the request carries, if any (a tampered cookie counts as none). */
export async function readFlash(request: Request): Promise<Flash | null> {
  const value = (await flashCookie().parse(request.headers.get("Cookie"))) as Partial<Flash> | null;
  if (!value || (value.kind !== "success" && value.kind !== "error") || typeof value.message !== "string") return null;
  return { kind: value.kind, message: value.message.slice(0, 300) };
}

export function clearFlashHeader(): Promise<string> {
  return flashCookie().serialize("", { maxAge: 0 });
}
