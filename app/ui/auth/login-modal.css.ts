import { style } from "@vanilla-extract/css";
import { vars } from "../tokens/theme.css.ts";

export const dialog = style({
  width: "min(28rem, calc(100vw - 2rem))",
  padding: vars.space.xl,
  border: "none",
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.panel,
  selectors: { "&::backdrop": { background: "rgba(28, 26, 23, 0.5)" } },
});
export const close = style({
  position: "absolute",
  top: vars.space.sm,
  right: vars.space.sm,
  width: "2.75rem",
  height: "2.75rem",
  border: "none",
  background: "none",
  cursor: "pointer",
});
