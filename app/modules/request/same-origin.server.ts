/**
 * Whether a state-changing request comes from the shop's own pages (ARCHITECTURE section 6,
 * issue 5): browsers say so in Sec-Fetch-Site, or at least in Origin. A request that says
 * neither is refused, so another site cannot make a buyer's browser empty the cart.
 */
export function isSameOrigin(request: Request, publicUrl: string): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin" || site === "none";
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  return origin === new URL(request.url).origin || origin === new URL(publicUrl).origin;
}
