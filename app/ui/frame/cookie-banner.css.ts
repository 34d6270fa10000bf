import { style } from "@vanilla-extract/css";
import { mediaUp } from "../tokens/breakpoints.ts";
import { vars } from "../tokens/theme.css.ts";

/** Fixed at the bottom, over the page, never pushing the layout (no shift when it goes). */
export const banner = style({
  position: "fixed",
  insetInline: vars.space.sm,
  bottom: vars.space.sm,
  zIndex: vars.z.overlay,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  maxWidth: "44rem",
  marginInline: "auto",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  boxShadow: vars.shadow.panel,
  fontSize: vars.font.sizeSmall,
  "@media": {
    [mediaUp("md")]: { flexDirection: "row", alignItems: "center", gap: vars.space.md, bottom: vars.space.md },
  },
});

export const text = style({ margin: 0, flex: 1 });

export const actions = style({ display: "flex", gap: vars.space.sm, flexShrink: 0 });

export const decline = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "2.75rem",
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  fontWeight: 600,
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.surface } },
});

/** The same form on /cookies, in the page's flow. */
export const inline = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, marginBlock: vars.space.md });

/** Room below the footer while the banner is shown, so the page's end can be scrolled out from under it. */
export const spacer = style({ height: "11rem", "@media": { [mediaUp("md")]: { height: "8rem" } } });
