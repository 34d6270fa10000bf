import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "#app/ui/tokens/theme.css.ts";

export const heading = style({ fontSize: vars.font.sizeLarge, margin: `${vars.space.lg} 0 ${vars.space.sm}` });
export const tableScroller = style({ overflowX: "auto" });
export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontVariantNumeric: "tabular-nums",
});
export const change = styleVariants({ up: { color: vars.color.up }, down: { color: vars.color.down } });
export const note = style({ fontSize: vars.font.sizeSmall, color: vars.color.textMuted });
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
  whiteSpace: "nowrap",
});
