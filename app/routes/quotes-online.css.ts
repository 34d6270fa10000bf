import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { visuallyHiddenRules } from "#app/ui/kit/kit.css.ts";
import { mediaDown } from "#app/ui/tokens/breakpoints.ts";
import { vars } from "#app/ui/tokens/theme.css.ts";

export const heading = style({ fontSize: vars.font.sizeLarge, margin: `${vars.space.lg} 0 ${vars.space.sm}` });
export const tableScroller = style({ position: "relative", overflowX: "auto" });
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

// A phone: each metal is a card, its name over its figures, each figure beside its heading (the
// cell's data-label); as a table scrolling sideways, the screen's edge cut '362 847,…' at 390 px.
// The column headings stay for screen readers.
const phone = (rules: Parameters<typeof globalStyle>[1]) => ({ "@media": { [mediaDown("md")]: rules } });
globalStyle(`${table} thead`, phone(visuallyHiddenRules));
globalStyle(`${table}, ${table} tbody, ${table} tr, ${table} th[scope=row]`, phone({ display: "block" }));
globalStyle(`${table} tr`, phone({ padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.border}` }));
globalStyle(`${table} th[scope=row], ${table} td`, phone({ padding: `${vars.space.xs} 0`, border: "none" }));
globalStyle(`${table} td`, phone({ display: "flex", justifyContent: "space-between", gap: vars.space.md }));
globalStyle(`${table} td::before`, phone({ content: "attr(data-label)", color: vars.color.textMuted }));
