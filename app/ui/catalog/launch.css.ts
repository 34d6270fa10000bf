import { style } from "@vanilla-extract/css";
import { mediaUp } from "#app/ui/tokens/breakpoints.ts";
import { vars } from "#app/ui/tokens/theme.css.ts";

/** The announcement of a coming coin: a framed block where the buy form will be. */
export const coming = style({
  border: `2px solid ${vars.color.gold}`,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: "grid",
  gap: vars.space.xs,
});
export const badge = style({ margin: 0, fontWeight: 700, fontSize: "1.125rem", color: vars.color.goldDark });
export const facts = style({ margin: 0, paddingLeft: 0, listStyle: "none", display: "grid", gap: vars.space.xs });
export const cap = style({ margin: 0, fontWeight: 600 });
export const list = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.md });
/** Phones: the picture beside the name, the facts under both; wider screens: the facts under the name. */
export const item = style({
  display: "grid",
  gridTemplateColumns: "64px minmax(0, 1fr)",
  alignItems: "center",
  gap: `${vars.space.sm} ${vars.space.md}`,
  "@media": { [mediaUp("md")]: { gridTemplateColumns: "120px minmax(0, 1fr)", gridTemplateRows: "auto 1fr", alignItems: "start" } },
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const itemName = style({ fontWeight: 700, fontSize: "1.0625rem" });
export const section = style({ marginBottom: vars.space.xl });
export const heading = style({ fontSize: "1.25rem", margin: `0 0 ${vars.space.md}` });
export const itemImage = style({ display: "block", "@media": { [mediaUp("md")]: { gridRow: "1 / span 2" } } });
export const itemFacts = style({ gridColumn: "1 / -1", minWidth: 0, "@media": { [mediaUp("md")]: { gridColumn: "2" } } });
export const subscribe = style({ display: "grid", gap: vars.space.sm, marginTop: vars.space.md });
export const subscribeTitle = style({ fontSize: "1.0625rem", margin: 0 });
export const subscribeForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
/** «Как сообщить» on its own line, the two channels side by side under it (tap targets of 44 px). */
export const channels = style({ border: 0, padding: 0, margin: 0, flexBasis: "100%" });
export const legend = style({ padding: 0, fontWeight: 600 });
export const channel = style({ display: "inline-flex", gap: vars.space.xs, alignItems: "center", minHeight: "44px", marginRight: vars.space.lg });
export const linkButton = style({
  background: "none",
  border: 0,
  padding: 0,
  color: vars.color.link,
  textDecoration: "underline",
  cursor: "pointer",
  font: "inherit",
  minHeight: "44px",
});
/** The pre-order's quantity: wide enough for two digits and the spinner, a 44 px tap target. */
export const quantity = style({ width: "5rem", minHeight: "44px", font: "inherit", padding: `0 ${vars.space.sm}` });
