import { style, styleVariants } from "@vanilla-extract/css";
import { mediaDown, mediaUp } from "../tokens/breakpoints.ts";
import { vars } from "../tokens/theme.css.ts";

export const bar = style({
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: vars.font.sizeSmall,
});
/** Spec section 2: on cart and checkout the quotes bar shows from the large breakpoint up. */
export const largeOnly = style({ "@media": { [mediaDown("lg")]: { display: "none" } } });
/** Phones scroll the figures sideways; wide screens wrap the update time to a second line if needed. */
export const inner = style({
  // Contains the visually hidden "рост/снижение" labels (position: absolute): without it they
  // escaped the scroller and widened the whole page by ~900 px on phones.
  position: "relative",
  display: "flex",
  alignItems: "center",
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  minHeight: "2.25rem",
  paddingBlock: vars.space.xs,
  overflowX: "auto",
  whiteSpace: "nowrap",
  scrollbarWidth: "none",
  "@media": { [mediaUp("lg")]: { flexWrap: "wrap", overflowX: "visible" } },
});
export const list = style({ display: "flex", flexWrap: "inherit", columnGap: vars.space.lg, listStyle: "none", margin: 0, padding: 0 });
export const item = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs });
export const name = style({ color: vars.color.textMuted });
export const value = style({ fontWeight: 700, fontVariantNumeric: "tabular-nums" });
export const change = styleVariants({
  up: { display: "inline-flex", alignItems: "center", color: vars.color.up, fontVariantNumeric: "tabular-nums" },
  down: { display: "inline-flex", alignItems: "center", color: vars.color.down, fontVariantNumeric: "tabular-nums" },
});
export const meta = style({ display: "inline-flex", gap: vars.space.md, marginInlineStart: "auto", color: vars.color.textMuted });
export const marketDot = styleVariants({
  open: { selectors: { "&::before": { content: '"●"', color: vars.color.up, marginInlineEnd: vars.space.xs } } },
  closed: { selectors: { "&::before": { content: '"●"', color: vars.color.silver, marginInlineEnd: vars.space.xs } } },
});
