import { createCookie } from "react-router";
import { getConfig } from "../config/config.server.ts";

/** A one-time notice shown after a redirect (post/redirect/get without JavaScript). */
export type Flash = { kind: "success" | "error"; message: string };

/**
 * A signed cookie that carries something from a POST to the page its redirect shows, once:
 * the page reads it and clears it, so a reload or another tab never sees it again. The flash
 * notice and the checkout's field errors (docs/decisions/029-forms-vocabulary.md) travel so.
 * `read` checks what comes back (a tampered or malformed value counts as none).
 */
export function oneShotCookie<T>(name: string, read: (value: unknown) => T | null) {
  let cookie: ReturnType<typeof createCookie> | undefined;
  const get = () =>
    (cookie ??= createCookie(name, {
      httpOnly: true,
      secure: true,
      sameSite: "lax",
      path: "/",
      maxAge: 60,
      secrets: [getConfig().sessionSecret],
    }));
  return {
    name,
    /** The Set-Cookie header that carries a value to the next page. */
    header: (value: T): Promise<string> => get().serialize(value),
    /** The value the request carries, if any. */
    read: async (request: Request): Promise<T | null> => read(await get().parse(request.headers.get("Cookie"))),
    clearHeader: (): Promise<string> => get().serialize("", { maxAge: 0 }),
  };
}

const flashCookie = oneShotCookie<Flash>("flash", (stored) => {
  const value = stored as Partial<Flash> | null;
  if (!value || (value.kind !== "success" && value.kind !== "error") || typeof value.message !== "string") return null;
  return { kind: value.kind, message: value.message.slice(0, 300) };
});

/** The Set-Cookie header that carries a notice to the next page. */
export function flashHeader(flash: Flash): Promise<string> {
  return flashCookie.header(flash);
}

/** The notice the request carries, if any (a tampered cookie counts as none). */
export function readFlash(request: Request): Promise<Flash | null> {
  return flashCookie.read(request);
}

export function clearFlashHeader(): Promise<string> {
  return flashCookie.clearHeader();
}
