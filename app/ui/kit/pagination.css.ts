import { style } from "@vanilla-extract/css";
import { vars } from "../tokens/theme.css.ts";

export const nav = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm, margin: `${vars.space.xl} 0` });
const box = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "2.75rem",
  minHeight: "2.75rem",
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.md,
};
export const link = style({ ...box, border: `1px solid ${vars.color.border}`, textDecoration: "none", color: vars.color.text });
export const current = style({ ...box, background: vars.color.gold, color: vars.color.onAccent, fontWeight: 700 });
export const gap = style({ ...box, minWidth: "auto" });
