import { style } from "@vanilla-extract/css";
import { vars } from "../tokens/theme.css.ts";

export const field = style({ display: "grid", gap: vars.space.xs, marginBottom: vars.space.md });
export const label = style({ fontWeight: 600 });
export const input = style({
  width: "100%",
  minHeight: "2.75rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  selectors: { "&[aria-invalid=true]": { borderColor: vars.color.danger } },
});
export const textarea = style([input, { minHeight: "6rem", resize: "vertical" }]);
export const error = style({ color: vars.color.danger, fontSize: vars.font.sizeSmall, margin: 0 });
export const checkboxRow = style({ display: "flex", alignItems: "flex-start", gap: vars.space.sm, marginBottom: vars.space.md });
export const formError = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: "#fdecea",
  color: vars.color.danger,
  marginBottom: vars.space.md,
});
