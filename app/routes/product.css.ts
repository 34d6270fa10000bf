import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { mediaUp } from "#app/ui/tokens/breakpoints.ts";
import { vars } from "#app/ui/tokens/theme.css.ts";
import { iconButton } from "#app/ui/catalog/catalog.css.ts";

export const layout = style({
  display: "grid",
  gap: vars.space.md,
  "@media": { [mediaUp("lg")]: { gap: vars.space.xl, gridTemplateColumns: "minmax(0, 560px) minmax(0, 1fr)" } },
});
export const gallery = style({ minWidth: 0 });
/**
 * Phones: a strip of smaller pictures that swipes sideways (two and a bit in view), so the
 * price, the stock and 'В корзину' fit the first screen under them; large screens: one big picture.
 */
export const slides = style({
  display: "flex",
  overflowX: "auto",
  scrollSnapType: "x mandatory",
  gap: vars.space.sm,
  scrollbarWidth: "none",
  "@media": { [mediaUp("lg")]: { gap: vars.space.md } },
});
export const slide = style({
  flex: "0 0 42%",
  maxWidth: "14rem",
  margin: 0,
  scrollSnapAlign: "start",
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  overflow: "hidden",
  "@media": { [mediaUp("lg")]: { flexBasis: "100%", maxWidth: "none" } },
});
/** The thumbnails only where one picture shows at a time. */
export const thumbs = style({ display: "none", gap: vars.space.sm, marginTop: vars.space.sm, "@media": { [mediaUp("lg")]: { display: "flex" } } });
export const thumb = style({ width: "4.5rem", borderRadius: vars.radius.sm, overflow: "hidden", border: `1px solid ${vars.color.border}` });
export const buy = style({ display: "grid", gap: vars.space.sm, alignContent: "start", "@media": { [mediaUp("lg")]: { gap: vars.space.md } } });
export const price = style({
  fontSize: "1.75rem",
  "@media": { [mediaUp("lg")]: { fontSize: "2rem" } },
  fontWeight: 800,
  margin: 0,
  fontVariantNumeric: "tabular-nums",
});
export const vatNotice = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
export const priceFacts = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.xs });
export const note = style({ fontSize: vars.font.sizeSmall, color: vars.color.textMuted, margin: 0 });
export const available = style({ color: vars.color.up, fontWeight: 600, margin: 0 });
export const unavailable = style({ color: vars.color.textMuted, fontWeight: 600, margin: 0 });
/** The page's root: the buy bar below follows the buy form's view timeline, declared here for both. */
export const page = style({ timelineScope: "--buy-form" });
export const buyForm = style({ display: "flex", gap: vars.space.md, alignItems: "end", flexWrap: "wrap", viewTimelineName: "--buy-form" });
export const rest = style({});
const revealBar = keyframes({
  from: { visibility: "hidden", opacity: 0, transform: "translateY(100%)" },
  to: { visibility: "visible", opacity: 1, transform: "none" },
});
// The wishlist and comparison buttons keep their size here (on a phone card they share a row).
globalStyle(`${buy} ${iconButton}`, { flexGrow: 0 });
/** Below lg: price and 'В корзину' stuck to the bottom edge while the rest of the page scrolls by. */
export const buyBar = style({
  position: "sticky",
  bottom: 0,
  zIndex: vars.z.header,
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  marginTop: vars.space.lg,
  marginInline: `calc(-1 * ${vars.layout.gutter})`,
  padding: `${vars.space.sm} ${vars.layout.gutter}`,
  background: vars.color.background,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: "0 -4px 12px rgba(28, 26, 23, 0.08)",
  // Where scroll-driven animations exist, the bar shows only once the buy form has left the
  // screen at the top (without them it shows as soon as the rest of the page comes into view).
  animationName: revealBar,
  animationFillMode: "both",
  animationTimingFunction: "linear",
  animationTimeline: "--buy-form",
  animationRange: "exit 0% exit 100%",
  "@media": { [mediaUp("lg")]: { display: "none" } },
});
export const buyBarPrice = style({ fontSize: vars.font.sizeLarge, fontWeight: 800, fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });
export const buyBarForm = style({ display: "flex" });
export const quantity = style({ display: "grid", gap: vars.space.xs, fontSize: vars.font.sizeSmall });
export const quantityInput = style({
  width: "6rem",
  minHeight: "2.75rem",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const buyButton = style({
  minHeight: "2.75rem",
  paddingInline: vars.space.lg,
  whiteSpace: "nowrap",
  border: "none",
  borderRadius: vars.radius.md,
  background: vars.color.gold,
  color: vars.color.onAccent,
  fontWeight: 700,
  fontSize: vars.font.sizeLarge,
  cursor: "pointer",
  selectors: { "&:disabled": { background: vars.color.silverLight, color: vars.color.textMuted, cursor: "progress" } },
});
export const section = style({ marginTop: vars.space.xl });
export const heading = style({ fontSize: vars.font.sizeLarge, margin: `0 0 ${vars.space.md}` });
// One pair of columns for the whole list, which every row shares (subgrid): each row sized its
// own, so a long value narrowed its name's column and the values started at different x. The
// names take as much as the longest needs, at most 45 % (a phone keeps room for the values).
export const characteristics = style({
  display: "grid",
  gridTemplateColumns: "fit-content(45%) minmax(0, 1fr)",
  columnGap: vars.space.md,
  margin: 0,
  maxWidth: "48rem",
});
export const row = style({
  display: "grid",
  gridColumn: "1 / -1",
  gridTemplateColumns: "subgrid",
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
globalStyle(`${row} > dd`, { margin: 0 });
globalStyle(`${row} > dt`, { color: vars.color.textMuted });
export const description = style({ maxWidth: "48rem" });

/** Prices by quantity: the coin's tiers and the promotions for it. */
export const tiers = style({
  display: "grid",
  gap: vars.space.xs,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const tiersTitle = style({ margin: 0, fontWeight: 600 });
export const tiersNote = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
