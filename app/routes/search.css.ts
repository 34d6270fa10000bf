import { style } from "@vanilla-extract/css";
import { vars } from "#app/ui/tokens/theme.css.ts";

// Static CSS: importing `vars` into the page's component instead made the theme a JS chunk
// that every page loaded, which pushed the home page past its script budget (bench/budgets.ts).
export const hint = style({ background: vars.color.surface, borderRadius: vars.radius.md, padding: vars.space.lg });
export const hintFirst = style({ marginTop: 0 });
export const hintLast = style({ marginBottom: 0 });
export const form = style({ display: "flex", gap: vars.space.sm, margin: `${vars.space.md} 0` });
export const input = style({
  flex: "1 1 auto",
  minWidth: 0,
  padding: vars.space.sm,
  font: "inherit",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const count = style({ color: vars.color.textMuted });
