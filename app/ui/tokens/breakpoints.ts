/** Breakpoints of spec section 9, in CSS pixels (min-width). */
export const breakpoints = {
  xs: 320,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  "2xl": 1536,
} as const;

export type Breakpoint = keyof typeof breakpoints;

/** A media query for "this breakpoint and wider", for vanilla-extract's `@media`. */
export const mediaUp = (name: Breakpoint) => `screen and (min-width: ${breakpoints[name]}px)`;
/** A media query for "narrower than this breakpoint". */
export const mediaDown = (name: Breakpoint) => `screen and (max-width: ${breakpoints[name] - 0.02}px)`;
