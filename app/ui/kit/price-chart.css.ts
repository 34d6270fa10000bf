import { style } from "@vanilla-extract/css";
import { mediaDown } from "../tokens/breakpoints.ts";
import { vars } from "../tokens/theme.css.ts";

export const figure = style({ margin: `0 0 ${vars.space.lg}` });
export const svg = style({ width: "100%", height: "auto", display: "block" });
export const grid = style({ stroke: vars.color.border, strokeWidth: 1 });
export const label = style({ fill: vars.color.textMuted, fontSize: "12px" });
export const line = style({ fill: "none", stroke: vars.color.goldDark, strokeWidth: 2, strokeLinejoin: "round" });
export const area = style({ fill: vars.color.goldLight, opacity: 0.5 });
export const caption = style({ fontSize: vars.font.sizeSmall, color: vars.color.textMuted });
/** The second line (a coin's buy-back price): dashed, so it reads apart without colour. */
export const secondary = style({ fill: "none", stroke: vars.color.textMuted, strokeWidth: 2, strokeDasharray: "6 4" });
export const mark = style({ fill: vars.color.goldDark });
/**
 * The min/max labels, with a halo of the background so the lines under them do not cross the
 * digits; larger on a phone, where the whole picture is drawn at about half its size.
 */
export const markLabel = style({
  fill: vars.color.text,
  fontSize: "13px",
  fontWeight: 700,
  paintOrder: "stroke",
  stroke: vars.color.background,
  strokeWidth: 4,
  strokeLinejoin: "round",
  "@media": { [mediaDown("sm")]: { fontSize: "22px" } },
});

export const ranges = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, margin: `${vars.space.lg} 0` });
const pill = { padding: `${vars.space.xs} ${vars.space.md}`, borderRadius: vars.radius.pill, border: `1px solid ${vars.color.gold}` };
export const rangeLink = style({ ...pill, textDecoration: "none", color: vars.color.goldDark });
export const rangeCurrent = style({ ...pill, background: vars.color.gold, color: vars.color.onAccent, fontWeight: 600 });
