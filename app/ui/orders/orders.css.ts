import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../tokens/theme.css.ts";

/** The order's history: a vertical line of dated steps. */
export const timeline = style({
  listStyle: "none",
  margin: 0,
  padding: `0 0 0 ${vars.space.md}`,
  borderLeft: `2px solid ${vars.color.border}`,
  display: "grid",
  gap: vars.space.sm,
});
export const timelineStep = style({ position: "relative", overflowWrap: "anywhere" });

/** The order's delivery, recipient, payment and comment: short lines read together, close to each other. */
export const facts = style({ display: "grid", gap: vars.space.xs, minWidth: 0, overflowWrap: "anywhere" });
globalStyle(`${facts} > p`, { margin: 0 });
