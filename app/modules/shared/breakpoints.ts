/**
 * The layout's breakpoints of spec section 9, in CSS pixels (min-width): the design tokens'
 * (ui/tokens/breakpoints.ts) and the image proxy's widths (images/image-url.ts). No imports,
 * since server.ts loads image-url.ts, and through it this file, directly on Node.
 */
export const breakpoints = {
  xs: 320,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  "2xl": 1536,
} as const;
