import { breakpoints } from "#app/modules/shared/breakpoints.ts";

/** Breakpoints of spec section 9, in CSS pixels (min-width); the numbers live below the modules that share them. */
export { breakpoints };

export type Breakpoint = keyof typeof breakpoints;

/** A media query for "this breakpoint and wider", for vanilla-extract's `@media`. */
export const mediaUp = (name: Breakpoint) => `screen and (min-width: ${breakpoints[name]}px)`;
/** A media query for "narrower than this breakpoint". */
export const mediaDown = (name: Breakpoint) => `screen and (max-width: ${breakpoints[name] - 0.02}px)`;
