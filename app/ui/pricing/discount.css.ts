import { style } from "@vanilla-extract/css";
import { vars } from "#app/ui/tokens/theme.css.ts";

/** "Акция: …, −1 200 ₽" under a cart, checkout or order line, and next to a delivery. */
export const note = style({ color: vars.color.up, fontSize: vars.font.sizeSmall, fontWeight: 600, overflowWrap: "anywhere" });
export const was = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall, textDecoration: "line-through", marginInlineStart: "0.35em" });
