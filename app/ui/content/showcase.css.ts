import { globalStyle, style } from "@vanilla-extract/css";
import { mediaUp } from "../tokens/breakpoints.ts";
import { vars } from "../tokens/theme.css.ts";

export const ratings = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, listStyle: "none", margin: `0 0 ${vars.space.xl}`, padding: 0 });
export const rating = style({
  minWidth: "12rem",
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const ratingValue = style({ display: "block", fontSize: "2rem", fontWeight: 700, lineHeight: 1.1 });
export const ratingLabel = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

export const reviewList = style({ display: "grid", gap: vars.space.lg, listStyle: "none", margin: 0, padding: 0, maxWidth: "48rem" });
export const review = style({ padding: vars.space.md, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md });
export const reviewHead = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `0 0 ${vars.space.sm}`,
});
export const reviewAuthor = style({ margin: 0, fontSize: vars.font.sizeBase, fontWeight: 600 });
export const reviewMeta = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
export const stars = style({ color: vars.color.gold, letterSpacing: "0.1em", whiteSpace: "nowrap" });
export const reply = style({
  margin: `${vars.space.sm} 0 0`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderInlineStart: `3px solid ${vars.color.gold}`,
  background: vars.color.surface,
});
globalStyle(`${reply} > p:last-child`, { marginBottom: 0 });
export const replyTitle = style({ margin: `0 0 ${vars.space.xs}`, fontWeight: 600, fontSize: vars.font.sizeSmall });

export const groupHeading = style({ fontSize: vars.font.sizeLarge, margin: `${vars.space.xl} 0 ${vars.space.md}` });
export const partnerGrid = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.lg,
  listStyle: "none",
  margin: 0,
  padding: 0,
  "@media": { [mediaUp("md")]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});
export const partner = style({
  display: "flex",
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  height: "100%",
});
export const monogram = style({
  flex: "0 0 3.5rem",
  height: "3.5rem",
  display: "grid",
  placeItems: "center",
  borderRadius: vars.radius.md,
  background: vars.color.goldLight,
  color: vars.color.goldDark,
  fontWeight: 700,
  fontSize: "0.95rem",
  letterSpacing: "0.02em",
});
export const logo = style({ flex: "0 0 3.5rem", width: "3.5rem" });
export const partnerName = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.font.sizeLarge });
export const partnerLink = style({ margin: `${vars.space.sm} 0 0`, fontSize: vars.font.sizeSmall });

export const certificateGrid = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.xl,
  listStyle: "none",
  margin: 0,
  padding: 0,
  "@media": { [mediaUp("sm")]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" }, [mediaUp("lg")]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" } },
});
export const certificate = style({ margin: 0 });
export const certificateImage = style({
  display: "block",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  overflow: "hidden",
  background: vars.color.surface,
});
export const certificateCaption = style({ marginTop: vars.space.sm });
export const certificateTitle = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.font.sizeBase, fontWeight: 600 });
export const intro = style({ marginBottom: vars.space.xl });
