import { style } from "@vanilla-extract/css";
import { vars } from "#app/ui/tokens/theme.css.ts";

/**
 * «Другой номер» under the code form: outlined like the header's «Выйти» but in the page's text
 * colour (a class of its own: composed with the header's, whichever stylesheet came last won).
 */
export const otherNumber = style({
  marginTop: vars.space.md,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.silver}`,
  borderRadius: vars.radius.sm,
  background: "none",
  color: "inherit",
  cursor: "pointer",
});
