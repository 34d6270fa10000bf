import { globalStyle, style } from "@vanilla-extract/css";
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
export const price = style({ fontWeight: 700, whiteSpace: "nowrap" });
export const note = style({ fontSize: vars.font.sizeSmall, color: vars.color.textMuted });
export const steps = style({ paddingInlineStart: vars.space.lg, maxWidth: "48rem" });
export const formSection = style({ maxWidth: "36rem" });
