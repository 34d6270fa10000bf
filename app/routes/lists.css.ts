import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "#app/ui/tokens/theme.css.ts";

export const empty = style({ display: "grid", gap: vars.space.md, justifyItems: "start" });
export const item = style({ display: "grid", gap: vars.space.xs, alignContent: "start" });
export const remove = style({
  border: "none",
  background: "none",
  color: vars.color.textMuted,
  textDecoration: "underline",
  cursor: "pointer",
  padding: vars.space.sm,
});
export const clear = style({ marginTop: vars.space.lg });
export const tableWrap = style({ overflowX: "auto", marginBottom: vars.space.lg });
/** How many coins the comparison shows (a class per count, product-comparison.css.ts): wide enough for each to get 11rem. */
export const columnCountProperty = "--compare-columns";
const labelWidth = "9rem";
export const table = style({
  borderCollapse: "collapse",
  // Fixed layout: every coin's column gets the same share, whatever its texts.
  tableLayout: "fixed",
  width: `max(100%, calc(${labelWidth} + var(${columnCountProperty}, 1) * 11rem))`,
});
export const labelColumn = style({ width: labelWidth });
/** A picture at the width it was asked for (never stretched, so never blurred). */
export const picture = style({});
globalStyle(`${table} th, ${table} td`, {
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
  verticalAlign: "top",
  overflowWrap: "anywhere",
});
globalStyle(`${table} tbody th`, { color: vars.color.textMuted, fontWeight: 400, position: "sticky", left: 0, background: vars.color.background });
/** A characteristic whose values differ between the coins. */
export const differs = style({ background: "#fff8e1" });
export const differsMark = style({ display: "block", fontSize: "0.75rem", color: vars.color.goldDark, fontWeight: 700 });
export const productHead = style({ display: "grid", gap: vars.space.xs });
// Two classes: wins over CoinImage's own "width: 100%" whatever the order of the style sheets.
globalStyle(`${productHead} ${picture}`, { width: "120px", maxWidth: "100%" });

/** The cart's "Очистить корзину?" question: below the sticky header when the #clear-cart anchor scrolls to it. */
export const confirmBox = style({
  display: "grid",
  gap: vars.space.sm,
  justifyItems: "start",
  scrollMarginTop: "10rem",
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: "8px",
});
