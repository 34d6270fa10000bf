import { globalStyle, style } from "@vanilla-extract/css";
import { field } from "#app/ui/kit/form.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import { mediaUp } from "#app/ui/tokens/breakpoints.ts";
import { vars } from "#app/ui/tokens/theme.css.ts";

/**
 * How far below the top an anchored box (#order-changed, #update-prices, a section) comes to rest:
 * clear of the sticky header, which is 148 px tall on a desktop with its quotes bar.
 */
const clearOfHeader = { scrollMarginTop: "6rem", "@media": { [mediaUp("md")]: { scrollMarginTop: "10rem" } } } as const;

export const layout = style({
  display: "grid",
  gap: vars.space.xl,
  transition: "opacity 150ms",
  selectors: { "&[aria-busy=true]": { opacity: 0.75 } },
  "@media": { [mediaUp("lg")]: { gridTemplateColumns: "minmax(0, 1fr) 20rem", alignItems: "start" } },
});
// One column no wider than the screen: a wide table widened the whole column (and the page) by 1–6 px on phones.
export const sections = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space.lg, minWidth: 0 });
export const section = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
  minWidth: 0,
  ...clearOfHeader,
});
export const legend = style({ fontWeight: 700, fontSize: vars.font.sizeLarge, padding: `0 ${vars.space.xs}` });
export const twoColumns = style({
  display: "grid",
  gap: `0 ${vars.space.md}`,
  // A field beside one with an error keeps its own height (a stretched cell grew its input).
  alignItems: "start",
  "@media": { [mediaUp("md")]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});
/**
 * The flat, entrance and floor in one row. On a phone the flat gets half the row: in a third its
 * label 'Квартира, офис' wrapped and pushed its field below the other two. Each field's label,
 * input and error share the row's lines (subgrid), so a label that still wraps on a narrower
 * phone leaves the inputs in line.
 */
export const threeColumns = style({
  display: "grid",
  gap: `0 ${vars.space.md}`,
  gridTemplateColumns: "minmax(0, 2fr) repeat(2, minmax(0, 1fr))",
  "@media": { [mediaUp("md")]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } },
});
globalStyle(`${threeColumns} > ${field}`, { gridRow: "span 3", gridTemplateRows: "subgrid", alignContent: "start" });
globalStyle(`${threeColumns} > ${field} > label`, { alignSelf: "end" });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
/** A search field and its 'Найти' button: the field's own bottom margin pushed the button below the input. */
export const row = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "end", marginBottom: vars.space.md });
globalStyle(`${row} ${field}`, { marginBottom: 0 });
export const grow = style({ flex: "1 1 12rem" });

export const lines = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });
export const line = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: vars.space.sm,
  alignItems: "center",
  paddingBlock: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { [mediaUp("md")]: { gridTemplateColumns: "minmax(0, 1fr) 6rem 8rem auto" } },
});
/** A quantity refused at its line: the whole row under it. */
export const lineError = style({ gridColumn: "1 / -1" });
/** An empty checkout after an order: the order's number and the way to it. */
export const placedBox = style({ padding: vars.space.md, borderRadius: vars.radius.md, background: vars.color.goldLight, marginBottom: vars.space.md });
export const lineName = style({ fontWeight: 600, color: vars.color.text });
export const problem = style({ color: vars.color.danger, fontSize: vars.font.sizeSmall, fontWeight: 600 });
export const quantityInput = style({
  width: "5rem",
  minHeight: "2.75rem",
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const linkButton = style({
  minHeight: "2.75rem",
  minWidth: "2.75rem",
  padding: `0 ${vars.space.sm}`,
  border: 0,
  background: "none",
  color: vars.color.link,
  textDecoration: "underline",
  cursor: "pointer",
  font: "inherit",
});
export const secondaryButton = style([button, { background: vars.color.background, color: vars.color.goldDark, border: `1px solid ${vars.color.gold}` }]);

export const options = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });
export const option = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "flex-start",
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { background: vars.color.goldLight } },
});
export const optionRadio = style({ marginTop: "0.3rem", width: "1.1rem", height: "1.1rem", flex: "none" });
export const optionText = style({ display: "grid", gap: 2, flex: 1 });
export const optionPrice = style({ fontWeight: 700, whiteSpace: "nowrap" });
/** The explanation under an option, lined up with the option's text (past the radio). */
export const optionNote = style([muted, { margin: 0, padding: `0 ${vars.space.sm} ${vars.space.xs} calc(${vars.space.sm} * 2 + 1.1rem)` }]);
export const groupName = style({ fontWeight: 600, margin: `${vars.space.sm} 0 ${vars.space.xs}` });

export const pointList = style([options, { maxHeight: "28rem", overflowY: "auto" }]);
export const map = style({ width: "100%", height: "22rem", borderRadius: vars.radius.md, overflow: "hidden", marginBottom: vars.space.md });

export const summary = style({
  scrollMarginTop: "4rem",
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  "@media": { [mediaUp("lg")]: { position: "sticky", top: "5rem" } },
});
export const summaryRow = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm, margin: 0 });
export const summaryTotal = style([summaryRow, { fontSize: vars.font.sizeLarge, fontWeight: 700 }]);
export const alert = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: "#fdecea",
  color: vars.color.danger,
  ...clearOfHeader,
});
export const pricesBox = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.goldLight,
  ...clearOfHeader,
});
/** Phones: smaller type and padding, so the four columns of an order fit 320 px. */
export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  marginBlock: vars.space.sm,
  fontSize: vars.font.sizeSmall,
  "@media": { [mediaUp("md")]: { fontSize: vars.font.sizeBase } },
});
export const cell = style({
  padding: `${vars.space.xs} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
  overflowWrap: "anywhere",
  "@media": { [mediaUp("md")]: { padding: `${vars.space.xs} ${vars.space.sm}` } },
});
export const numberCell = style([cell, { textAlign: "right", whiteSpace: "nowrap" }]);

/** TotalBar: phones only; it hides while a text field has the focus (the keyboard takes half the screen then). */
export const totalBar = style({
  position: "sticky",
  bottom: 0,
  zIndex: 1,
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  margin: `0 calc(-1 * ${vars.layout.gutter})`,
  padding: `${vars.space.sm} ${vars.layout.gutter}`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  "@media": { [mediaUp("lg")]: { display: "none" } },
  selectors: {
    // Hidden, not removed: removing it moved the buttons below by its height between a press and its release.
    [`${layout}:has(input:not([type=radio]):not([type=checkbox]):focus, textarea:focus) &`]: { visibility: "hidden" },
  },
});
export const totalBarSum = style({ fontSize: vars.font.sizeLarge, whiteSpace: "nowrap" });
export const totalBarLink = style([button, { whiteSpace: "nowrap" }]);

/** The company's details show while «Покупаю как организация или ИП» is ticked: CSS alone, so it works without JavaScript. */
export const companyBlock = style({ display: "grid", gap: vars.space.sm });
export const companyFields = style({ display: "grid", gap: 0, paddingTop: vars.space.sm });
globalStyle(`${companyBlock}:not(:has(input[name="asCompany"]:checked)) ${companyFields}`, { display: "none" });
/** Under the ИНН and КПП: close to them, not a field's gap away. */
export const companyHint = style([muted, { margin: `calc(-1 * ${vars.space.sm}) 0 ${vars.space.md}` }]);
/** Why a way of paying is not offered. */
export const paymentNote = style({
  margin: `0 0 ${vars.space.sm}`,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.goldLight,
  fontSize: vars.font.sizeSmall,
});
