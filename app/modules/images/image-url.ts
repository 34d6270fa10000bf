/**
 * Addresses of pictures through the image proxy (spec section 7): /_ipx/{modifiers}/{src}.
 * `src` is a path in the shop's images folder ("products/x-1.png") or, for the one
 * configured remote host, an absolute URL.
 */
export type IpxOptions = { width?: number; height?: number; format?: "webp" | "avif" | "png" | "jpeg"; quality?: number; fit?: "cover" | "contain" | "inside" };

export function ipxUrl(src: string, options: IpxOptions = {}): string {
  const modifiers: string[] = [];
  if (options.format ?? "webp") modifiers.push(`f_${options.format ?? "webp"}`);
  if (options.fit) modifiers.push(`fit_${options.fit}`);
  if (options.width) modifiers.push(`w_${Math.round(options.width)}`);
  if (options.height) modifiers.push(`h_${Math.round(options.height)}`);
  if (options.quality) modifiers.push(`q_${options.quality}`);
  const path = /^https?:\/\//.test(src) ? src : src.replace(/^\/+/, "");
  return `/_ipx/${modifiers.join(",") || "_"}/${path}`;
}
