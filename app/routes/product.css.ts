import { globalStyle, style } from "@vanilla-extract/css";
import { mediaUp } from "#app/ui/tokens/breakpoints.ts";
import { vars } from "#app/ui/tokens/theme.css.ts";

export const layout = style({
  display: "grid",
  gap: vars.space.xl,
  "@media": { [mediaUp("lg")]: { gridTemplateColumns: "minmax(0, 560px) minmax(0, 1fr)" } },
});
export const gallery = style({ minWidth: 0 });
export const slides = style({ display: "flex", overflowX: "auto", scrollSnapType: "x mandatory", gap: vars.space.md, scrollbarWidth: "none" });
export const slide = style({ flex: "0 0 100%", margin: 0, scrollSnapAlign: "start", background: vars.color.surface, borderRadius: vars.radius.md, overflow: "hidden" });
export const thumbs = style({ display: "flex", gap: vars.space.sm, marginTop: vars.space.sm });
export const thumb = style({ width: "4.5rem", borderRadius: vars.radius.sm, overflow: "hidden", border: `1px solid ${vars.color.border}` });
export const buy = style({ display: "grid", gap: vars.space.md, alignContent: "start" });
export const price = style({ fontSize: "2rem", fontWeight: 800, margin: 0, fontVariantNumeric: "tabular-nums" });
export const priceFacts = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.xs });
export const note = style({ fontSize: vars.font.sizeSmall, color: vars.color.textMuted, margin: 0 });
export const available = style({ color: vars.color.up, fontWeight: 600, margin: 0 });
export const unavailable = style({ color: vars.color.textMuted, fontWeight: 600, margin: 0 });
export const buyForm = style({ display: "flex", gap: vars.space.md, alignItems: "end", flexWrap: "wrap" });
export const quantity = style({ display: "grid", gap: vars.space.xs, fontSize: vars.font.sizeSmall });
export const quantityInput = style({ width: "6rem", minHeight: "2.75rem", padding: `0 ${vars.space.sm}`, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md });
export const buyButton = style({ minHeight: "2.75rem", paddingInline: vars.space.xl, border: "none", borderRadius: vars.radius.md, background: vars.color.gold, color: vars.color.onAccent, fontWeight: 700, fontSize: vars.font.sizeLarge, cursor: "pointer",
  selectors: { "&:disabled": { background: vars.color.silverLight, color: vars.color.textMuted, cursor: "progress" } },
});
export const section = style({ marginTop: vars.space.xl });
export const heading = style({ fontSize: vars.font.sizeLarge, margin: `0 0 ${vars.space.md}` });
export const characteristics = style({ display: "grid", margin: 0, maxWidth: "48rem" });
export const row = style({
  display: "grid",
  gridTemplateColumns: "minmax(8rem, 14rem) 1fr",
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
globalStyle(`${row} > dd`, { margin: 0 });
globalStyle(`${row} > dt`, { color: vars.color.textMuted });
export const description = style({ maxWidth: "48rem" });
