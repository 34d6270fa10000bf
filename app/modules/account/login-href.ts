/**
 * The /login address that returns the buyer to `returnTo` afterwards. Only a path
 * on this site is kept, so the link cannot send anyone elsewhere.
 */
export function loginHref(returnTo: string): string {
  const safe = safeReturnPath(returnTo);
  return safe === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(safe)}`;
}

/** A same-site path ("/my/orders?x=1"), or "/" for anything else ("//evil", "https://…"). */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  return value;
}
