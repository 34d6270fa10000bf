/**
 * Whether a state-changing request comes from the shop's own pages (docs/architecture.md): browsers say so in Sec-Fetch-Site, or at least in Origin. A request that says
 * neither is refused, so another site cannot make a buyer's browser empty the cart.
 */
export function isSameOrigin(request: Request, publicUrl: string): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin" || site === "none";
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  return origin === new URL(request.url).origin || origin === new URL(publicUrl).origin;
}

/**
 * Whether a page's form (POST, PUT, PATCH, DELETE outside /api) was sent from the shop's
 * own pages. Browsers send Origin with every form POST; a request with none must at least
 * say Sec-Fetch-Site: same-origin or carry a Referer of the shop, else another site (or
 * anything that strips Origin) could change a buyer's cart or profile. The origin compared
 * is the request's own, which TRUST_PROXY takes from X-Forwarded-Proto and -Host.
 */
export function isShopFormPost(request: Request): boolean {
  const own = new URL(request.url).origin;
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin === own;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null) return site === "same-origin";
  const referer = request.headers.get("Referer");
  if (!referer) return false;
  try {
    return new URL(referer).origin === own;
  } catch {
    return false;
  }
}
