import { style } from "@vanilla-extract/css";
import { vars } from "../tokens/theme.css.ts";

export const errorSection = style({ textAlign: "center", paddingBlock: vars.space.xl, maxWidth: "36rem", marginInline: "auto" });
export const errorImage = style({ width: "7.5rem", height: "7.5rem", marginInline: "auto" });
export const errorCode = style({ fontSize: "4rem", fontWeight: 800, color: vars.color.gold, margin: `${vars.space.md} 0 0`, lineHeight: 1 });
export const errorTitle = style({ fontSize: vars.font.sizeTitle, margin: `${vars.space.sm} 0` });
export const errorMessage = style({ color: vars.color.textMuted, margin: `0 0 ${vars.space.lg}` });
export const errorActions = style({ margin: 0 });
