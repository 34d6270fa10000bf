import { style } from "@vanilla-extract/css";
import { vars } from "#app/ui/tokens/theme.css.ts";

/** The announcement of a coming coin: a framed block where the buy form will be. */
export const coming = style({
  border: `2px solid ${vars.color.gold}`,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: "grid",
  gap: vars.space.xs,
});
export const badge = style({ margin: 0, fontWeight: 700, fontSize: "1.125rem", color: vars.color.goldDark });
export const facts = style({ margin: 0, paddingLeft: 0, listStyle: "none", display: "grid", gap: vars.space.xs });
export const cap = style({ margin: 0, fontWeight: 600 });
export const list = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.md });
export const item = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 96px) minmax(0, 1fr)",
  alignItems: "start",
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const itemName = style({ fontWeight: 700, fontSize: "1.0625rem" });
export const section = style({ marginBottom: vars.space.xl });
export const heading = style({ fontSize: "1.25rem", margin: `0 0 ${vars.space.md}` });
export const itemImage = style({ display: "block" });
export const itemText = style({ display: "grid", gap: vars.space.sm, minWidth: 0 });
