import { style } from "@vanilla-extract/css";
import { vars } from "../tokens/theme.css.ts";

/** The operator's pause, above every storefront page: it wraps rather than hide the reason. */
export const salesPause = style({
  margin: 0,
  background: vars.color.danger,
  color: "#fff",
  fontSize: vars.font.sizeSmall,
  lineHeight: 1.4,
  textAlign: "center",
  padding: `${vars.space.sm} ${vars.space.md}`,
});
