import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { breakpoints, mediaDown, mediaUp } from "../tokens/breakpoints.ts";
import { visuallyHiddenRules } from "../kit/kit.css.ts";
import { vars } from "../tokens/theme.css.ts";

/** The gap between the bar's parts from xl up, where everything shares one row. */
const wideGap = "0.625rem";

export const bar = style({
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: "0.8125rem",
  "@media": { [mediaUp("xl")]: { fontSize: "0.75rem" } },
});
/** Spec section 2: on cart and checkout the quotes bar shows from the large breakpoint up. */
export const largeOnly = style({ "@media": { [mediaDown("lg")]: { display: "none" } } });
/** The gap between the figures below lg, where they are pages of a sideways scroller. */
const pageGap = vars.space.md;
/** The width of one figure below lg: `perPage` of them fill the bar's width exactly (100cqi). */
const pageWidth = (perPage: number) => `calc((100cqi - ${perPage - 1} * ${pageGap}) / ${perPage})`;

/**
 * Below lg: a line that scrolls sideways, two figures to a screen on a phone and three from sm,
 * each figure its name over its value. Every figure is as wide as its share of the bar and the
 * scroll comes to rest at a figure's start (scroll snap), so the edge never cuts a number (it cut
 * '4 547,13 $' at 390 px). Between lg and xl: the figures, then the update time right-aligned
 * below. From xl (1280 px): one row (it wrapped at 1366 px), with short names
 * and the time alone (the full names and 'Обновлено … МСК' stay for screen readers).
 *
 * The scroller is inside the Container, not the Container itself: with the page's gutter as its
 * padding, the figures scrolled past showed cut in it.
 */
export const inner = style({
  // Contains the visually hidden "рост/снижение" labels (position: absolute): without it they
  // escaped the scroller and widened the whole page by ~900 px on phones.
  position: "relative",
  display: "flex",
  alignItems: "center",
  columnGap: pageGap,
  minHeight: "2rem",
  paddingBlock: 2,
  // Never wider than the page: what does not fit scrolls inside the bar.
  overflowX: "auto",
  whiteSpace: "nowrap",
  scrollbarWidth: "none",
  "@media": {
    [mediaDown("lg")]: { alignItems: "flex-start", containerType: "inline-size", scrollSnapType: "x mandatory", overscrollBehaviorX: "contain" },
    [mediaUp("lg")]: { flexWrap: "wrap", columnGap: vars.space.md },
    [mediaUp("xl")]: { flexWrap: "nowrap", columnGap: wideGap },
  },
});
// flex: none on phones and from xl: as shrinkable flex items in a scroller, the arrows' SVGs
// (max-width: 100%) were squeezed to 0 px wide. Between lg and xl the figures need two rows.
export const list = style({
  display: "flex",
  flex: "none",
  columnGap: pageGap,
  listStyle: "none",
  margin: 0,
  padding: 0,
  "@media": {
    [mediaUp("lg")]: { flex: "1 1 100%", flexWrap: "wrap", minWidth: 0, columnGap: vars.space.md },
    [mediaUp("xl")]: { flex: "none", flexWrap: "nowrap", columnGap: wideGap },
  },
});
/** A page of the scroller below lg: its share of the bar, its name on a line of its own above the figures. */
const page = {
  [mediaDown("lg")]: { width: pageWidth(2), flexWrap: "wrap", alignContent: "center", rowGap: 0, scrollSnapAlign: "start", lineHeight: 1.25 },
  [`${mediaUp("sm")} and (max-width: ${breakpoints.lg - 0.02}px)`]: { width: pageWidth(3) },
} as const;
export const item = style({ display: "inline-flex", flex: "none", alignItems: "center", gap: vars.space.xs, "@media": page });
globalStyle(`${item} svg`, { flex: "none", maxWidth: "none" });
globalStyle(`${item} > :first-child`, { "@media": { [mediaDown("lg")]: { flexBasis: "100%", fontSize: "0.75rem" } } });
export const name = style({ color: vars.color.textMuted });
export const value = style({ fontWeight: 700, fontVariantNumeric: "tabular-nums" });
export const change = styleVariants({
  up: { display: "inline-flex", alignItems: "center", color: vars.color.up, fontVariantNumeric: "tabular-nums" },
  down: { display: "inline-flex", alignItems: "center", color: vars.color.down, fontVariantNumeric: "tabular-nums" },
});
export const meta = style({
  display: "inline-flex",
  flex: "none",
  alignItems: "center",
  columnGap: vars.space.md,
  marginInlineStart: "auto",
  color: vars.color.textMuted,
  "@media": { ...page, [mediaUp("xl")]: { columnGap: wideGap } },
});
/** The market's state: on a line of its own below lg, under the time and 'Графики'. */
export const market = style({ "@media": { [mediaDown("lg")]: { order: 1, flexBasis: "100%" } } });
/** Text shown below xl only (a full name, 'МСК'); from xl up it is read, not shown. */
export const narrowOnly = style({ "@media": { [mediaUp("xl")]: visuallyHiddenRules } });
/** 'Обновлено': shown only between lg and xl; a phone's share of the bar has room for the time and 'Графики' alone. */
export const updatedWord = style({ "@media": { [mediaDown("lg")]: visuallyHiddenRules, [mediaUp("xl")]: visuallyHiddenRules } });
/** A short name shown from xl up only (hidden from screen readers, which read the full one). */
export const wideOnly = style({ display: "none", "@media": { [mediaUp("xl")]: { display: "inline" } } });
export const marketDot = styleVariants({
  open: { selectors: { "&::before": { content: '"●"', color: vars.color.up, marginInlineEnd: vars.space.xs } } },
  closed: { selectors: { "&::before": { content: '"●"', color: vars.color.silver, marginInlineEnd: vars.space.xs } } },
});
