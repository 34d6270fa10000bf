import { style } from "@vanilla-extract/css";
import { mediaUp } from "#app/ui/tokens/breakpoints.ts";
import { vars } from "#app/ui/tokens/theme.css.ts";

export const layout = style({
  display: "grid",
  gap: vars.space.lg,
  "@media": { [mediaUp("lg")]: { gridTemplateColumns: "16rem minmax(0, 1fr)" } },
});
/** On phones the results come first and the filters after them (a link jumps there); on wide screens, filters on the left. */
export const filters = style({ alignSelf: "start", order: 2, "@media": { [mediaUp("lg")]: { order: 0 } } });
export const filtersHeading = style({ fontSize: vars.font.sizeLarge, margin: `0 0 ${vars.space.md}` });
export const filtersJump = style({ "@media": { [mediaUp("lg")]: { display: "none" } } });
export const results = style({ minWidth: 0, order: 1 });
/** The count, 'Фильтры' and the sort select on one line, also on a phone. */
export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
});
export const count = style({ margin: 0, color: vars.color.textMuted, whiteSpace: "nowrap" });
export const empty = style({ padding: vars.space.xl, textAlign: "center", background: vars.color.surface, borderRadius: vars.radius.md });
/** Phones: the chips in one row that scrolls sideways (they took three rows of the first screen). */
export const subsections = style({
  display: "flex",
  gap: vars.space.sm,
  marginBottom: vars.space.md,
  overflowX: "auto",
  scrollbarWidth: "none",
  "@media": { [mediaUp("md")]: { flexWrap: "wrap", overflowX: "visible", marginBottom: vars.space.lg } },
});
export const chip = style({
  flex: "none",
  whiteSpace: "nowrap",
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  textDecoration: "none",
  color: vars.color.text,
});
