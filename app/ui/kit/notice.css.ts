import { styleVariants } from "@vanilla-extract/css";
import { vars } from "../tokens/theme.css.ts";

const base = { margin: `${vars.space.md} 0`, padding: vars.space.md, borderRadius: vars.radius.md, fontWeight: 600 };
export const notice = styleVariants({
  success: { ...base, background: "#e7f4ea", color: vars.color.up },
  error: { ...base, background: "#fdecea", color: vars.color.danger },
});
