import { style } from "@vanilla-extract/css";
import { vars } from "#app/ui/tokens/theme.css.ts";

/** Stars drawn as text: no picture to load, and the gold ones keep 3:1 against white as a graphic. */
export const section = style({ marginTop: vars.space.xl });
export const heading = style({ fontSize: vars.font.sizeLarge, margin: `0 0 ${vars.space.md}` });
export const stars = style({ color: vars.color.gold, letterSpacing: "0.05em", whiteSpace: "nowrap" });
export const starOff = style({ color: vars.color.border });
export const summary = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: `${vars.space.xs} ${vars.space.sm}`,
  margin: `0 0 ${vars.space.md}`,
});
export const average = style({ fontSize: vars.font.sizeLarge, fontWeight: 700 });
export const list = style({ listStyle: "none", padding: 0, margin: `0 0 ${vars.space.md}`, display: "grid", gap: vars.space.md });
export const item = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.md });
export const meta = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.xs} ${vars.space.md}`, alignItems: "baseline", margin: 0 });
export const author = style({ fontWeight: 600 });
export const date = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
/** The buyer's words as written: their line breaks kept, a long word or address broken rather than widening the page. */
export const text = style({ whiteSpace: "pre-line", overflowWrap: "anywhere", margin: `${vars.space.xs} 0 0` });
export const note = style({ color: vars.color.textMuted, margin: `0 0 ${vars.space.md}` });
/** The rating as five choices in a row, each a 44 px tap target with its label. */
export const ratingField = style({ border: 0, padding: 0, margin: `0 0 ${vars.space.md}` });
export const ratingLegend = style({ padding: 0, fontWeight: 600, marginBottom: vars.space.xs });
export const ratingChoices = style({ display: "flex", flexWrap: "wrap", gap: `0 ${vars.space.md}` });
export const ratingChoice = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs, minHeight: "44px" });
export const cardRating = style({ margin: 0, fontSize: vars.font.sizeSmall, color: vars.color.textMuted });

/** The back office's queue: one framed review per row, as wide as a text reads well. */
export const tabs = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.xs} ${vars.space.lg}`, margin: `0 0 ${vars.space.md}` });
export const tab = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "2.75rem",
  color: vars.color.link,
  selectors: { "&[aria-current=page]": { fontWeight: 700, color: vars.color.text, textDecoration: "none" } },
});
export const queue = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.md, maxWidth: "48rem" });
export const queueItem = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  padding: vars.space.md,
  display: "grid",
  gap: vars.space.sm,
});
export const queueLine = style({ margin: 0 });
export const moderation = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "end" });
export const reason = style({ display: "grid", gap: vars.space.xs, flex: "1 1 14rem", minWidth: 0 });
