import { style } from "@vanilla-extract/css";
import { vars } from "../tokens/theme.css.ts";

export const form = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space.md, alignContent: "start" });
export const fieldset = style({ border: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });
export const legend = style({ fontWeight: 700, marginBottom: vars.space.xs, padding: 0 });
export const option = style({ display: "flex", alignItems: "center", gap: vars.space.sm, minHeight: "2rem" });
export const field = style({ display: "grid", gap: vars.space.xs, minWidth: 0 });
export const select = style({
  width: "100%",
  minWidth: 0,
  minHeight: "2.5rem",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  maxWidth: "100%",
});
export const range = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: vars.space.sm });
export const input = style({
  minHeight: "2.5rem",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});
export const buttons = style({ display: "flex", gap: vars.space.md, alignItems: "center" });
export const submit = style({
  minHeight: "2.75rem",
  paddingInline: vars.space.lg,
  border: "none",
  borderRadius: vars.radius.md,
  background: vars.color.gold,
  color: vars.color.onAccent,
  fontWeight: 700,
  cursor: "pointer",
});
export const reset = style({ color: vars.color.textMuted });
