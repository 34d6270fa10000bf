import { style } from "@vanilla-extract/css";
import { mediaUp } from "../tokens/breakpoints.ts";
import { vars } from "../tokens/theme.css.ts";

export const container = style({
  width: "100%",
  maxWidth: vars.layout.maxWidth,
  marginInline: "auto",
  paddingInline: vars.layout.gutter,
});

export const breadcrumbs = style({
  margin: `${vars.space.sm} 0 ${vars.space.xs}`,
  "@media": { [mediaUp("md")]: { margin: `${vars.space.md} 0 ${vars.space.sm}` } },
  fontSize: vars.font.sizeSmall,
  color: vars.color.textMuted,
});

export const breadcrumbList = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  listStyle: "none",
  margin: 0,
  padding: 0,
});

export const breadcrumbItem = style({
  selectors: {
    "&:not(:last-child)::after": { content: '"/"', marginInlineStart: vars.space.xs, color: vars.color.border },
  },
});

export const pageTitle = style({
  fontSize: vars.font.sizeTitle,
  margin: `0 0 ${vars.space.md}`,
  "@media": { [mediaUp("md")]: { margin: `0 0 ${vars.space.lg}` } },
});

// Inside its icon's box (the top-right corner, over the icon's edge): above it, the badge left the
// header on a phone, where the icon row is the header's top, and its top was cut off.
export const badge = style({
  position: "absolute",
  top: 0,
  right: "-0.25rem",
  minWidth: "1.25rem",
  height: "1.25rem",
  paddingInline: "0.3rem",
  borderRadius: vars.radius.pill,
  background: vars.color.gold,
  color: vars.color.onAccent,
  fontSize: "0.75rem",
  fontWeight: 700,
  lineHeight: "1.25rem",
  textAlign: "center",
});

/** The rules of `visuallyHidden`, for styles that hide text only at some widths. */
export const visuallyHiddenRules = {
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
} as const;
export const visuallyHidden = style(visuallyHiddenRules);

export const button = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  minHeight: "2.75rem",
  paddingInline: vars.space.lg,
  border: "none",
  borderRadius: vars.radius.md,
  background: vars.color.gold,
  color: vars.color.onAccent,
  fontWeight: 600,
  textDecoration: "none",
  cursor: "pointer",
  // The darker gold needs light text (6:1).
  selectors: {
    "&:hover:not(:disabled)": { background: vars.color.goldDark, color: vars.color.onHeaderBar },
    // Disabled must look it: grey, no gold, no pointer.
    "&:disabled": { background: vars.color.border, color: vars.color.textMuted, cursor: "not-allowed" },
  },
});
