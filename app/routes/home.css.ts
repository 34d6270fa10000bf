import { style } from "@vanilla-extract/css";
import { mediaUp } from "#app/ui/tokens/breakpoints.ts";
import { vars } from "#app/ui/tokens/theme.css.ts";

export const hero = style({ padding: `${vars.space.lg} 0 ${vars.space.xl}` });
export const title = style({ fontSize: vars.font.sizeTitle, margin: `0 0 ${vars.space.sm}`, maxWidth: "40rem" });
export const lead = style({ fontSize: vars.font.sizeLarge, color: vars.color.textMuted, maxWidth: "44rem", margin: `0 0 ${vars.space.lg}` });
export const sections = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
export const section = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.goldLight,
  color: vars.color.goldDark,
  fontWeight: 700,
  textDecoration: "none",
});
export const heading = style({ fontSize: vars.font.sizeLarge, margin: `${vars.space.xl} 0 ${vars.space.md}` });
export const reasonsSection = style({ marginTop: vars.space.xl });
export const reasons = style({
  display: "grid",
  gap: vars.space.md,
  listStyle: "none",
  padding: 0,
  margin: 0,
  "@media": { [mediaUp("md")]: { gridTemplateColumns: "repeat(2, 1fr)" }, [mediaUp("xl")]: { gridTemplateColumns: "repeat(4, 1fr)" } },
});
export const reason = style({ padding: vars.space.lg, borderRadius: vars.radius.md, background: vars.color.surface });
export const reasonTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.font.sizeBase });
