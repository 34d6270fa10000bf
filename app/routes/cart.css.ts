import { globalStyle, style } from "@vanilla-extract/css";
import { button } from "#app/ui/kit/kit.css.ts";
import { mediaUp } from "#app/ui/tokens/breakpoints.ts";
import { vars } from "#app/ui/tokens/theme.css.ts";

export const layout = style({
  display: "grid",
  gap: vars.space.md,
  transition: "opacity 150ms",
  selectors: { "&[data-updating]": { opacity: 0.7 } },
  "@media": { [mediaUp("lg")]: { gap: vars.space.xl, gridTemplateColumns: "minmax(0, 1fr) 20rem", alignItems: "start" } },
});
export const linesColumn = style({ display: "grid", gap: vars.space.sm, minWidth: 0 });
export const tools = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm });
/** #cart-lines (a refused quantity comes back there) rests clear of the sticky header. */
export const lines = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.md,
  scrollMarginTop: "6rem",
  "@media": { [mediaUp("md")]: { scrollMarginTop: "10rem" } },
});
/**
 * Phones: picture and name on top, the quantity buttons and the line total below on their own
 * row (in two columns the total sat on top of the '+' button), 'Удалить' last.
 */
export const line = style({
  display: "grid",
  gridTemplateColumns: "4.5rem minmax(0, 1fr) auto",
  gridTemplateAreas: '"image info info" "quantity quantity total" "remove remove remove"',
  gap: vars.space.sm,
  alignItems: "center",
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  "@media": {
    [mediaUp("md")]: {
      gridTemplateColumns: "6rem minmax(0, 1fr) auto auto auto",
      gridTemplateAreas: '"image info quantity total remove"',
    },
  },
});
export const lineUnavailable = style({ background: vars.color.surface });
export const lineImage = style({ gridArea: "image", display: "block", borderRadius: vars.radius.sm, overflow: "hidden" });
export const lineInfo = style({ gridArea: "info", display: "grid", gap: 2, minWidth: 0 });
export const lineName = style({ fontWeight: 600, color: vars.color.text });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
export const problem = style({ color: vars.color.danger, fontSize: vars.font.sizeSmall, fontWeight: 600 });
export const quantity = style({ gridArea: "quantity", display: "inline-flex", alignItems: "center", gap: vars.space.xs });
export const inline = style({ display: "contents" });
export const step = style({
  width: "2.75rem",
  height: "2.75rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  fontSize: vars.font.sizeLarge,
  cursor: "pointer",
  selectors: { "&:disabled": { opacity: 0.4, cursor: "not-allowed" } },
});
export const count = style({
  width: "4rem",
  height: "2.75rem",
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  textAlign: "center",
  fontWeight: 700,
  fontSize: vars.font.sizeBase,
  fontVariantNumeric: "tabular-nums",
});
/** 'Пересчитать' under the lines: the typed quantities of every line in one post. */
export const recount = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "flex-end", gap: vars.space.sm });
/** Like checkout's 'Пересчитать' (its secondary button). */
export const recountButton = style([button, { background: vars.color.background, color: vars.color.goldDark, border: `1px solid ${vars.color.gold}` }]);
export const lineTotal = style({ gridArea: "total", justifySelf: "end", fontWeight: 800, whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });
export const remove = style({
  border: "none",
  background: "none",
  color: vars.color.textMuted,
  textDecoration: "underline",
  cursor: "pointer",
  padding: vars.space.sm,
  minHeight: "2.75rem",
});
globalStyle(`${line} ${remove}`, { gridArea: "remove", justifySelf: "start" });
/**
 * Phones: a compact bar (count and total beside 'Оформить заказ') stuck to the bottom edge while
 * the lines scroll by; large screens: a box beside the lines.
 */
export const summary = style({
  position: "sticky",
  bottom: 0,
  zIndex: 1,
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gridTemplateAreas: '"count button" "total button"',
  columnGap: vars.space.md,
  alignItems: "center",
  marginInline: `calc(-1 * ${vars.layout.gutter})`,
  padding: `${vars.space.sm} ${vars.layout.gutter}`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  "@media": {
    [mediaUp("lg")]: {
      position: "static",
      gridTemplateColumns: "minmax(0, 1fr)",
      gridTemplateAreas: '"count" "total" "button"',
      rowGap: vars.space.sm,
      marginInline: 0,
      padding: vars.space.lg,
      borderTop: "none",
      borderRadius: vars.radius.md,
    },
  },
});
// Not summaryLine: its grid area, unknown in the confirmation box, put the question after its buttons.
export const clearQuestion = style({ margin: 0, fontWeight: 600 });
export const summaryLine = style({
  gridArea: "count",
  margin: 0,
  fontSize: vars.font.sizeSmall,
  "@media": { [mediaUp("lg")]: { fontSize: vars.font.sizeBase } },
});
export const total = style({
  gridArea: "total",
  margin: 0,
  fontSize: "1.125rem",
  fontWeight: 800,
  "@media": { [mediaUp("lg")]: { fontSize: vars.font.sizeLarge } },
});
export const checkoutButton = style({ gridArea: "button", paddingInline: vars.space.md, "@media": { [mediaUp("lg")]: { paddingInline: vars.space.lg } } });
export const empty = style({ display: "grid", gap: vars.space.md, justifyItems: "start" });
