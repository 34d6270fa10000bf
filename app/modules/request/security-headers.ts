/**
 * Headers every answer of the shop carries (pages, /api, static files, pictures, refusals),
 * set by server/app.ts before anything else writes (docs/decisions/009-server-edge-hardening.md).
 * No other site may frame the shop (clickjacking of the cart and checkout buttons), browsers
 * must not guess types, other sites see only the shop's origin as the referrer, and over
 * https browsers never fall back to http.
 */
export const contentSecurityPolicy = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

export function securityHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
  if (publicUrl.startsWith("https://")) headers["Strict-Transport-Security"] = "max-age=31536000";
  return headers;
}
