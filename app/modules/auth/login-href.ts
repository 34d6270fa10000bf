/**
 * The /login address that returns the buyer to `returnTo` afterwards. Only a path
 * on this site is kept, so the link cannot send anyone elsewhere.
 */
export function loginHref(returnTo: string): string {
  const safe = safeReturnPath(returnTo);
  return safe === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(safe)}`;
}

/** A stand-in origin: a path resolved against it must stay on it. */
const shopOrigin = "http://shop.invalid";

/**
 * A same-site path ("/my/orders?x=1"), or "/" for anything else ("//evil", "https://…",
 * "/\t/evil" — browsers drop the tab and go to //evil). The value is resolved as a
 * browser would against the shop's origin and must stay on it; control characters are
 * refused outright, and the answer is ASCII (non-Latin letters percent-encoded), so it
 * is always a valid Location header.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || /[\u0000-\u001f\u007f]/.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, shopOrigin);
  } catch {
    return "/";
  }
  if (url.origin !== shopOrigin || url.username || url.password) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
