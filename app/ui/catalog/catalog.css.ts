import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { mediaUp } from "../tokens/breakpoints.ts";
import { vars } from "../tokens/theme.css.ts";

export const grid = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  listStyle: "none",
  padding: 0,
  margin: 0,
  "@media": {
    [mediaUp("md")]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
    [mediaUp("xl")]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  },
});
export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  height: "100%",
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
});
export const imageLink = style({ display: "block", aspectRatio: "1", background: vars.color.surface, borderRadius: vars.radius.sm, overflow: "hidden" });
export const name = style({
  fontWeight: 600,
  color: vars.color.text,
  textDecoration: "none",
  lineHeight: 1.3,
  selectors: { "&:hover": { color: vars.color.goldDark } },
});
export const facts = style({ fontSize: vars.font.sizeSmall, color: vars.color.textMuted, margin: 0 });
export const price = style({ fontSize: vars.font.sizeLarge, fontWeight: 800, margin: 0, fontVariantNumeric: "tabular-nums" });
export const inStock = style({ color: vars.color.up, fontSize: vars.font.sizeSmall, margin: 0 });
export const outOfStock = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall, margin: 0 });
/** On a phone card 'В корзину' takes its own row (beside two icons it wrapped onto two lines). */
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, marginTop: "auto", alignItems: "stretch" });
/** 'В корзине: N шт.' above the card's buttons (a whole row; empty when the coin is not in the cart). */
export const cartStatus = style({
  order: -1,
  flexBasis: "100%",
  fontSize: vars.font.sizeSmall,
  color: vars.color.up,
  selectors: { "&:empty": { display: "none" } },
});
export const inline = style({ display: "contents" });
export const cartButton = style({
  flex: "1 1 100%",
  whiteSpace: "nowrap",
  paddingInline: vars.space.sm,
  "@media": { [mediaUp("md")]: { flexBasis: 0 } },
  minHeight: "2.75rem",
  border: "none",
  borderRadius: vars.radius.md,
  background: vars.color.gold,
  color: vars.color.onAccent,
  fontWeight: 700,
  cursor: "pointer",
  selectors: {
    "&:disabled": { background: vars.color.silverLight, color: vars.color.textMuted, cursor: "not-allowed" },
    "&[aria-busy=true]": { cursor: "progress" },
  },
});
export const iconButton = style({
  flex: "1 0 auto",
  "@media": { [mediaUp("md")]: { flexGrow: 0 } },
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "2.75rem",
  minHeight: "2.75rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    // In the list: the mark filled and framed in the accent colour.
    "&[aria-pressed=true]": { color: vars.color.down, borderColor: vars.color.down, background: "#fdecea" },
  },
});
export const labelledToggle = style({ width: "auto", gap: vars.space.xs, paddingInline: vars.space.md });
globalStyle(`${iconButton}[aria-pressed=true] svg`, { fill: "currentColor" });
const metalBadgeBase = style({
  display: "inline-block",
  alignSelf: "flex-start",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: "0.75rem",
  fontWeight: 700,
});
/** The card's metal badge in the metal's palette. */
export const metalBadge = styleVariants({
  gold: [metalBadgeBase, { background: vars.color.goldLight, color: vars.color.goldDark }],
  silver: [metalBadgeBase, { background: vars.color.silverLight, color: vars.color.silverDark }],
});

/** The catalogue's sort select (SortForm): one control; its button only without JavaScript. */
export const sortForm = style({ display: "flex", gap: vars.space.xs, alignItems: "center", marginInlineStart: "auto" });
export const sortSelect = style({
  maxWidth: "100%",
  minHeight: "2.5rem",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  fontSize: vars.font.sizeSmall,
});
export const sortSubmit = style({
  minHeight: "2.5rem",
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.color.gold}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  color: vars.color.goldDark,
  fontWeight: 600,
  fontSize: vars.font.sizeSmall,
  cursor: "pointer",
});

/** The buy-back line of a card's value figures, on a line of its own. */
export const valueLine = style({ display: "block" });

/** A list form's refusal (ListForm), on a line of its own under the buttons. */
export const listFormError = style({ flexBasis: "100%", color: vars.color.danger, fontSize: vars.font.sizeSmall });

/** The card's rating star, in the metal's gold. */
export const ratingStar = style({ color: vars.color.gold });
