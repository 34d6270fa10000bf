import { vars } from "../tokens/theme.css.ts";

/**
 * AdminError's inline styles, worked out from the global tokens when the app is built: the page
 * gets these few values, not the whole token object (the frame chunk's `vars`, which no other
 * component reads at run time). Plain objects, no classes: see AdminError for why inline.
 */
export const adminErrorStyles = {
  header: { background: vars.color.headerBar, color: vars.color.onHeaderBar, padding: `${vars.space.sm} ${vars.layout.gutter}`, display: "flex", gap: vars.space.lg, alignItems: "center" },
  home: { color: vars.color.goldLight, fontWeight: 700, textDecoration: "none" },
  logout: { background: "none", border: `1px solid ${vars.color.silver}`, color: vars.color.onHeaderBar, borderRadius: vars.radius.sm, cursor: "pointer" },
  main: { maxWidth: vars.layout.maxWidth, margin: "0 auto", padding: `${vars.space.lg} ${vars.layout.gutter}` },
  title: { fontSize: vars.font.sizeTitle, margin: `0 0 ${vars.space.md}` },
} as const;
