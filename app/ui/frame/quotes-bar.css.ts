import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { mediaDown, mediaUp } from "../tokens/breakpoints.ts";
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
/**
 * Phones: one line that scrolls sideways (figures, then the update time, market flag and link).
 * Between lg and xl: the figures, then the update time right-aligned below. From xl (1280 px):
 * one row (issue 21 item 24: it wrapped at 1366 px), with short names and the time alone
 * (the full names and 'Обновлено … МСК' stay for screen readers).
 */
export const inner = style({
  // Contains the visually hidden "рост/снижение" labels (position: absolute): without it they
  // escaped the scroller and widened the whole page by ~900 px on phones.
  position: "relative",
  display: "flex",
  alignItems: "center",
  columnGap: vars.space.md,
  minHeight: "2rem",
  paddingBlock: 2,
  // Never wider than the page: what does not fit scrolls inside the bar.
  overflowX: "auto",
  whiteSpace: "nowrap",
  scrollbarWidth: "none",
  "@media": { [mediaUp("lg")]: { flexWrap: "wrap" }, [mediaUp("xl")]: { flexWrap: "nowrap", columnGap: wideGap } },
});
// flex: none on phones and from xl: as shrinkable flex items in a scroller, the arrows' SVGs
// (max-width: 100%) were squeezed to 0 px wide. Between lg and xl the figures need two rows.
export const list = style({
  display: "flex",
  flex: "none",
  columnGap: vars.space.md,
  listStyle: "none",
  margin: 0,
  padding: 0,
  "@media": {
    [mediaUp("lg")]: { flex: "1 1 100%", flexWrap: "wrap", minWidth: 0 },
    [mediaUp("xl")]: { flex: "none", flexWrap: "nowrap", columnGap: wideGap },
  },
});
export const item = style({ display: "inline-flex", flex: "none", alignItems: "center", gap: vars.space.xs });
globalStyle(`${item} svg`, { flex: "none", maxWidth: "none" });
export const name = style({ color: vars.color.textMuted });
export const value = style({ fontWeight: 700, fontVariantNumeric: "tabular-nums" });
export const change = styleVariants({
  up: { display: "inline-flex", alignItems: "center", color: vars.color.up, fontVariantNumeric: "tabular-nums" },
  down: { display: "inline-flex", alignItems: "center", color: vars.color.down, fontVariantNumeric: "tabular-nums" },
});
export const meta = style({
  display: "inline-flex",
  flex: "none",
  gap: vars.space.md,
  marginInlineStart: "auto",
  color: vars.color.textMuted,
  "@media": { [mediaUp("xl")]: { gap: wideGap } },
});
/** Text shown below xl only (a full name, 'Обновлено', 'МСК'); from xl up it is read, not shown. */
export const narrowOnly = style({ "@media": { [mediaUp("xl")]: visuallyHiddenRules } });
/** A short name shown from xl up only (hidden from screen readers, which read the full one). */
export const wideOnly = style({ display: "none", "@media": { [mediaUp("xl")]: { display: "inline" } } });
export const marketDot = styleVariants({
  open: { selectors: { "&::before": { content: '"●"', color: vars.color.up, marginInlineEnd: vars.space.xs } } },
  closed: { selectors: { "&::before": { content: '"●"', color: vars.color.silver, marginInlineEnd: vars.space.xs } } },
});
