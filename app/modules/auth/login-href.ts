/**
 * The /login address that returns the buyer to `returnTo` afterwards. Only a path
 * on this site is kept, so the link cannot send anyone elsewhere.
 */
export function loginHref(returnTo: string): string {
  let safe = safeReturnPath(returnTo);
  // 'Войти' on the sign-in page itself keeps that page's destination: wrapping it once more
  // would nest a /login in a /login with every click (and an endless address space). An
  // address nested already (an old link) comes out flat; one nested deeper than anyone
  // clicks is dropped.
  for (let depth = 0; isLoginPage(safe); depth++) {
    safe = depth < MAX_NESTING ? safeReturnPath(new URL(safe, shopOrigin).searchParams.get("redirectTo")) : "/";
  }
  return safe === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(safe)}`;
}

/** A stand-in origin: a path resolved against it must stay on it. */
const shopOrigin = "http://shop.invalid";

const MAX_NESTING = 8;

function isLoginPage(path: string): boolean {
  return new URL(path, shopOrigin).pathname === "/login";
}

/**
 * A same-site path ("/my/orders?x=1"), or "/" for anything else ("//evil", "https://…",
 * "/\t/evil" — browsers drop the tab and go to //evil). The value is resolved as a
 * browser would against the shop's origin and must stay on it; control characters are
 * refused outright, and the answer is ASCII (non-Latin letters percent-encoded), so it
 * is always a valid Location header.
 */
export function safeReturnPath(value: string | null | undefined): string {
  // oxlint-disable-next-line no-control-regex -- control characters are what this refuses
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
