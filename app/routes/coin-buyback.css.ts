import { globalStyle, style } from "@vanilla-extract/css";
import { visuallyHiddenRules } from "#app/ui/kit/kit.css.ts";
import { mediaDown } from "#app/ui/tokens/breakpoints.ts";
import { vars } from "#app/ui/tokens/theme.css.ts";

export const lead = style({ maxWidth: "48rem" });
export const heading = style({ fontSize: vars.font.sizeLarge, margin: `${vars.space.xl} 0 ${vars.space.sm}` });
export const table = style({ width: "100%", borderCollapse: "collapse", fontVariantNumeric: "tabular-nums" });
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
  fontWeight: "normal",
});
globalStyle(`${table} thead th`, { fontWeight: 600, color: vars.color.textMuted });
export const price = style({ whiteSpace: "nowrap", textAlign: "right" });
globalStyle(`${table} td${price}`, { fontWeight: 700, textAlign: "right" });
export const group = style({});
globalStyle(`${table} thead th${group}`, { textAlign: "right", borderBottom: "none", paddingBottom: 0 });
export const gradeHead = style({});
globalStyle(`${table} thead th${gradeHead}`, { textAlign: "right", verticalAlign: "bottom" });
export const coinName = style({ display: "block" });
export const metal = style({ display: "block", fontSize: vars.font.sizeSmall, color: vars.color.textMuted });

// Narrow screens have no room for four columns: each row is the coin over its three prices,
// each price under its condition (the cell's data-label, the column head's words).
const narrow = mediaDown("sm");
globalStyle(`${table} thead`, { "@media": { [narrow]: visuallyHiddenRules } });
globalStyle(`${table} tbody tr`, {
  "@media": {
    [narrow]: {
      display: "grid",
      gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
      columnGap: vars.space.sm,
      alignItems: "end",
      borderBottom: `1px solid ${vars.color.border}`,
      paddingBlock: vars.space.sm,
    },
  },
});
globalStyle(`${table} tbody th, ${table} tbody td`, { "@media": { [narrow]: { borderBottom: "none", padding: 0 } } });
globalStyle(`${table} tbody th`, { "@media": { [narrow]: { gridColumn: "1 / -1", marginBottom: vars.space.xs } } });
globalStyle(`${table} td${price}`, { "@media": { [narrow]: { textAlign: "left" } } });
globalStyle(`${table} td${price}::before`, {
  "@media": {
    [narrow]: {
      content: "attr(data-label)",
      display: "block",
      whiteSpace: "normal",
      fontSize: vars.font.sizeSmall,
      fontWeight: "normal",
      color: vars.color.textMuted,
    },
  },
});
export const note = style({ fontSize: vars.font.sizeSmall, color: vars.color.textMuted });
export const steps = style({ paddingInlineStart: vars.space.lg, maxWidth: "48rem" });
export const formSection = style({ maxWidth: "36rem" });
