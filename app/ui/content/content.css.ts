import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../tokens/theme.css.ts";
import { mediaUp } from "../tokens/breakpoints.ts";

/** Text of content pages: a reading width, comfortable spacing, tables that scroll on phones. */
export const prose = style({ maxWidth: "48rem", overflowWrap: "break-word" });
globalStyle(`${prose} > :first-child`, { marginTop: 0 });
/** A block of prose made by the page itself above the content's own (/return's terms from the settings). */
export const proseLead = style({ marginBottom: vars.space.xl });
globalStyle(`${prose} > :last-child`, { marginBottom: 0 });
globalStyle(`${prose} h2`, { fontSize: vars.font.sizeLarge, margin: `${vars.space.xl} 0 ${vars.space.sm}` });
globalStyle(`${prose} h3, ${prose} h4, ${prose} h5, ${prose} h6`, { fontSize: vars.font.sizeBase, margin: `${vars.space.lg} 0 ${vars.space.xs}` });
globalStyle(`${prose} p, ${prose} ul, ${prose} ol, ${prose} blockquote, ${prose} table, ${prose} pre, ${prose} dl, ${prose} details`, {
  margin: `0 0 ${vars.space.md}`,
});
globalStyle(`${prose} ul, ${prose} ol`, { paddingInlineStart: vars.space.lg });
globalStyle(`${prose} li + li`, { marginTop: vars.space.xs });
globalStyle(`${prose} blockquote`, {
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderInlineStart: `4px solid ${vars.color.gold}`,
  background: vars.color.surface,
});
globalStyle(`${prose} blockquote > :last-child`, { marginBottom: 0 });
globalStyle(`${prose} table`, { display: "block", overflowX: "auto", borderCollapse: "collapse", maxWidth: "100%", fontVariantNumeric: "tabular-nums" });
globalStyle(`${prose} th, ${prose} td`, {
  padding: `${vars.space.xs} ${vars.space.md} ${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
  verticalAlign: "top",
});
globalStyle(`${prose} th`, { fontWeight: 600 });
globalStyle(`${prose} img`, { height: "auto", borderRadius: vars.radius.md });
globalStyle(`${prose} code`, { fontSize: "0.9em", background: vars.color.surface, padding: "0 0.2em", borderRadius: vars.radius.sm });
globalStyle(`${prose} hr`, { border: "none", borderTop: `1px solid ${vars.color.border}`, margin: `${vars.space.lg} 0` });

export const lead = style({ fontSize: vars.font.sizeLarge, maxWidth: "48rem", margin: `0 0 ${vars.space.lg}`, color: vars.color.text });

export const meta = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.md,
  margin: `-${vars.space.md} 0 ${vars.space.lg}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
});

export const cover = style({
  maxWidth: "50rem",
  margin: `0 0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  overflow: "hidden",
  background: vars.color.surface,
});

export const cardGrid = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: vars.space.lg,
  listStyle: "none",
  margin: `0 0 ${vars.space.xl}`,
  padding: 0,
  "@media": {
    [mediaUp("sm")]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    [mediaUp("lg")]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
  },
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  height: "100%",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: "hidden",
  background: vars.color.background,
});
export const cardImage = style({ background: vars.color.surface, aspectRatio: "1200 / 630" });
globalStyle(`${cardImage} img`, { width: "100%", height: "100%", objectFit: "cover" });
export const cardBody = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, padding: vars.space.md, flexGrow: 1 });
export const cardTitle = style({ fontSize: vars.font.sizeLarge, margin: 0 });
globalStyle(`${cardTitle} a`, { color: vars.color.text, textDecoration: "none" });
globalStyle(`${cardTitle} a:hover`, { color: vars.color.link, textDecoration: "underline" });
export const cardText = style({ margin: 0, color: vars.color.textMuted });
export const cardMeta = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
  fontSize: vars.font.sizeSmall,
  color: vars.color.textMuted,
});

export const badge = styleVariants({
  active: {
    padding: "0.1rem 0.5rem",
    borderRadius: vars.radius.pill,
    background: "#e3f1e6",
    color: vars.color.up,
    fontWeight: 600,
    fontSize: vars.font.sizeSmall,
  },
  upcoming: {
    padding: "0.1rem 0.5rem",
    borderRadius: vars.radius.pill,
    background: vars.color.goldLight,
    color: vars.color.goldDark,
    fontWeight: 600,
    fontSize: vars.font.sizeSmall,
  },
  ended: {
    padding: "0.1rem 0.5rem",
    borderRadius: vars.radius.pill,
    background: vars.color.silverLight,
    color: vars.color.silverDark,
    fontWeight: 600,
    fontSize: vars.font.sizeSmall,
  },
  video: { padding: "0.1rem 0.5rem", borderRadius: vars.radius.pill, background: vars.color.surface, color: vars.color.text, fontSize: vars.font.sizeSmall },
});

export const endedCard = style({ opacity: 0.75 });

export const sectionHeading = style({ fontSize: vars.font.sizeLarge, margin: `${vars.space.xl} 0 ${vars.space.md}` });

export const notice = style({
  maxWidth: "48rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  margin: `0 0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.silverLight,
});

export const related = style({ marginTop: vars.space.xl, paddingTop: vars.space.lg, borderTop: `1px solid ${vars.color.border}` });

/** The video modal. */
export const videoDialog = style({
  width: "min(56rem, calc(100vw - 1rem))",
  padding: vars.space.xl,
  paddingTop: "3.25rem",
  border: "none",
  borderRadius: vars.radius.md,
  background: vars.color.headerBar,
  color: vars.color.onHeaderBar,
  selectors: { "&::backdrop": { background: "rgba(28, 26, 23, 0.75)" } },
});
export const videoFrame = style({ display: "block", width: "100%", aspectRatio: "16 / 9", border: 0, background: "#000" });
export const videoClose = style({
  position: "absolute",
  top: vars.space.xs,
  right: vars.space.xs,
  width: "2.75rem",
  height: "2.75rem",
  border: "none",
  background: "none",
  color: "inherit",
  cursor: "pointer",
});
export const videoButtonRow = style({ margin: `0 0 ${vars.space.lg}` });
