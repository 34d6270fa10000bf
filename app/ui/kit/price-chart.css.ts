import { style } from "@vanilla-extract/css";
import { vars } from "../tokens/theme.css.ts";

export const figure = style({ margin: `0 0 ${vars.space.lg}` });
export const svg = style({ width: "100%", height: "auto", display: "block" });
export const grid = style({ stroke: vars.color.border, strokeWidth: 1 });
export const label = style({ fill: vars.color.textMuted, fontSize: "12px" });
export const line = style({ fill: "none", stroke: vars.color.goldDark, strokeWidth: 2, strokeLinejoin: "round" });
export const area = style({ fill: vars.color.goldLight, opacity: 0.5 });
export const caption = style({ fontSize: vars.font.sizeSmall, color: vars.color.textMuted });
