import { style } from "@vanilla-extract/css";
import { vars } from "#app/ui/tokens/theme.css.ts";

export const panel = style({
  maxWidth: "32rem",
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const note = style({ fontSize: vars.font.sizeSmall, color: vars.color.textMuted, margin: `0 0 ${vars.space.md}` });
export const details = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: `${vars.space.xs} ${vars.space.md}`, margin: `0 0 ${vars.space.lg}` });
export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, fontWeight: 600 });
export const amount = style({ margin: 0, fontWeight: 700, fontSize: vars.font.sizeLarge, whiteSpace: "nowrap" });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md });
export const secondary = style({
  minHeight: "2.75rem",
  paddingInline: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  fontWeight: 600,
  cursor: "pointer",
  selectors: { "&:hover": { borderColor: vars.color.textMuted } },
});
