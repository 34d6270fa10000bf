import { globalStyle, style } from "@vanilla-extract/css";
import { mediaUp } from "../tokens/breakpoints.ts";
import { vars } from "../tokens/theme.css.ts";

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.xl,
  "@media": { [mediaUp("lg")]: { gridTemplateColumns: "minmax(0, 5fr) minmax(0, 7fr)" } },
});

export const cards = style({ display: "grid", gap: vars.space.md, margin: 0 });
export const contactCard = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const cardTitle = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.font.sizeBase, fontWeight: 600, color: vars.color.textMuted });
export const cardValue = style({ margin: 0, fontSize: vars.font.sizeLarge, fontWeight: 600 });
globalStyle(`${cardValue} a`, { color: vars.color.text, textDecoration: "none" });
globalStyle(`${cardValue} a:hover`, { textDecoration: "underline" });
export const cardNote = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
export const hours = style({ margin: 0, display: "grid", gridTemplateColumns: "auto 1fr", gap: `${vars.space.xs} ${vars.space.md}` });
globalStyle(`${hours} dt`, { fontWeight: 600 });
globalStyle(`${hours} dd`, { margin: 0 });
export const address = style({ fontStyle: "normal" });
export const map = style({
  width: "100%",
  height: "22rem",
  margin: `0 0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  overflow: "hidden",
  background: vars.color.surface,
});
export const mapLink = style({ margin: `0 0 ${vars.space.lg}` });
export const heading = style({ fontSize: vars.font.sizeLarge, margin: `0 0 ${vars.space.md}` });
/** The register's QR code beside its caption; the caption goes under it on a phone. */
export const registerQr = style({
  margin: `${vars.space.md} 0 0`,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.md,
});
globalStyle(`${registerQr} figcaption`, { flex: "1 1 14rem", margin: 0 });
