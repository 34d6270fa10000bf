import { style, globalStyle } from "@vanilla-extract/css";
import { mediaDown, mediaUp } from "../tokens/breakpoints.ts";
import { vars } from "../tokens/theme.css.ts";

/** The back office on the shop's tokens: a dark bar with the menu, then the page. */
export const bar = style({ background: vars.color.headerBar, color: vars.color.onHeaderBar, "@media": { print: { display: "none" } } });
export const barInner = style({
  maxWidth: vars.layout.maxWidth,
  margin: "0 auto",
  padding: `${vars.space.sm} ${vars.layout.gutter}`,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: `${vars.space.sm} ${vars.space.lg}`,
});
export const brand = style({ fontWeight: 700, color: vars.color.goldLight, textDecoration: "none", marginRight: "auto" });
export const menu = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  listStyle: "none",
  margin: 0,
  padding: 0,
  order: 3,
  width: "100%",
  "@media": { [mediaUp("md")]: { order: 0, width: "auto" } },
});
export const menuLink = style({
  color: vars.color.onHeaderBar,
  textDecoration: "none",
  padding: `${vars.space.xs} 0`,
  borderBottom: "2px solid transparent",
  selectors: { "&.active": { borderBottomColor: vars.color.gold } },
});
export const who = style({ fontSize: vars.font.sizeSmall, color: vars.color.silverLight });
export const logout = style({
  background: "none",
  border: `1px solid ${vars.color.silver}`,
  color: vars.color.onHeaderBar,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  cursor: "pointer",
});
export const main = style({ maxWidth: vars.layout.maxWidth, margin: "0 auto", padding: `${vars.space.lg} ${vars.layout.gutter} ${vars.space.xl}` });
export const title = style({ fontSize: vars.font.sizeTitle, margin: `0 0 ${vars.space.md}` });

export const cards = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 12rem), 1fr))",
  marginBottom: vars.space.lg,
});
export const card = style({ background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, padding: vars.space.md });
export const cardTitle = style({ fontSize: vars.font.sizeBase, margin: `0 0 ${vars.space.sm}`, color: vars.color.textMuted, fontWeight: 600 });
export const figure = style({ fontSize: vars.font.sizeLarge, fontWeight: 700, margin: 0 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
export const warning = style({ color: vars.color.danger, fontWeight: 600 });
export const list = style({ margin: `${vars.space.sm} 0 0`, paddingLeft: vars.space.md, fontSize: vars.font.sizeSmall });

/** Tables scroll sideways on a phone rather than squeeze. */
export const tableWrap = style({ overflowX: "auto", marginBottom: vars.space.lg });
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.font.sizeSmall });
globalStyle(`${table} th, ${table} td`, { textAlign: "left", padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "top" });
globalStyle(`${table} th`, { background: vars.color.surface, whiteSpace: "nowrap" });
export const number = style({ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });
/**
 * A table whose cells hold long values (the audit log): they wrap, and on a phone each row
 * stacks into a card, every cell under its heading (the cell's data-label).
 */
export const stackedTable = style({});
globalStyle(`${stackedTable} td`, { overflowWrap: "anywhere" });
globalStyle(`${stackedTable}, ${stackedTable} tbody, ${stackedTable} tr, ${stackedTable} td`, { "@media": { [mediaDown("md")]: { display: "block" } } });
globalStyle(`${stackedTable} thead`, { "@media": { [mediaDown("md")]: { display: "none" } } });
globalStyle(`${stackedTable} tr`, { "@media": { [mediaDown("md")]: { borderBottom: `2px solid ${vars.color.border}`, padding: `${vars.space.sm} 0` } } });
globalStyle(`${stackedTable} td`, { "@media": { [mediaDown("md")]: { borderBottom: "none", padding: `${vars.space.xs} 0`, whiteSpace: "normal" } } });
globalStyle(`${stackedTable} td[data-label]::before`, {
  "@media": { [mediaDown("md")]: { content: "attr(data-label)", display: "block", color: vars.color.textMuted, fontWeight: 600 } },
});
/**
 * A table with a money column (orders, payments, the catalogue): on a phone each row is a card of
 * lines, every value beside its heading (the cell's data-label), so the sum is on the screen; as a
 * table scrolling sideways, 'Сумма' was past the right edge at 390 px, cut or out of sight.
 */
export const cardTable = style({});
globalStyle(`${cardTable}, ${cardTable} tbody, ${cardTable} tr, ${cardTable} td`, { "@media": { [mediaDown("md")]: { display: "block" } } });
globalStyle(`${cardTable} thead`, { "@media": { [mediaDown("md")]: { display: "none" } } });
globalStyle(`${cardTable} tr`, { "@media": { [mediaDown("md")]: { borderBottom: `2px solid ${vars.color.border}`, padding: `${vars.space.xs} 0` } } });
// The heading in a column of its own at the cell's left; the value flows as in the table (a name with the phone under it).
globalStyle(`${cardTable} td`, {
  "@media": {
    [mediaDown("md")]: { position: "relative", borderBottom: "none", padding: `${vars.space.xs} 0 ${vars.space.xs} 7.5rem`, overflowWrap: "anywhere" },
  },
});
globalStyle(`${cardTable} td[data-label]::before`, {
  "@media": {
    [mediaDown("md")]: {
      content: "attr(data-label)",
      position: "absolute",
      left: 0,
      width: "7rem",
      color: vars.color.textMuted,
      fontWeight: 600,
      whiteSpace: "normal",
    },
  },
});

export const filters = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "flex-end", marginBottom: vars.space.lg });
export const filterField = style({ display: "grid", gap: vars.space.xs, fontSize: vars.font.sizeSmall });
export const control = style({
  minHeight: "2.5rem",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
});

/** A time field in a table row (the office hours): narrow enough for three columns on a phone. */
export const timeControl = style([control, { width: "7rem", maxWidth: "100%", padding: `0 ${vars.space.xs}` }]);

export const columns = style({ display: "grid", gap: vars.space.lg, "@media": { [mediaUp("lg")]: { gridTemplateColumns: "2fr 1fr" } } });
// A wide table scrolls inside its column instead of widening the page.
globalStyle(`${columns} > *`, { minWidth: 0 });
export const section = style({ marginBottom: vars.space.lg });
export const sectionTitle = style({ fontSize: vars.font.sizeLarge, margin: `0 0 ${vars.space.sm}` });
export const facts = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0 });
export const actions = style({ display: "grid", gap: vars.space.sm });
export const actionForm = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "flex-end",
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
/** The step that undoes the order: marked apart from the others. */
export const dangerButton = style({
  background: vars.color.background,
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.md,
  minHeight: "2.75rem",
  paddingInline: vars.space.lg,
  fontWeight: 600,
  cursor: "pointer",
});
/** A status beside a page's title: it may wrap on a phone ('Предложена другая цена'). */
export const titleStatus = style({
  display: "inline-block",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.goldLight,
  fontSize: vars.font.sizeLarge,
  verticalAlign: "middle",
});
export const status = style({
  display: "inline-block",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.goldLight,
  whiteSpace: "nowrap",
});
export const loginBox = style({
  maxWidth: "24rem",
  margin: `${vars.space.xl} auto`,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

/** The packing slip: plain black on white, the back office's controls left off the paper. */
export const slip = style({ maxWidth: "48rem", color: "#000", "@media": { print: { maxWidth: "none", fontSize: "11pt" } } });
export const noPrint = style({ "@media": { print: { display: "none" } } });
export const slipTable = style({ width: "100%", borderCollapse: "collapse", margin: `${vars.space.md} 0` });
globalStyle(`${slipTable} th, ${slipTable} td`, { border: "1px solid #000", padding: vars.space.xs, textAlign: "left" });

// Edit forms of the catalogue and content.
export const formGrid = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 14rem), 1fr))",
  marginBottom: vars.space.md,
});
export const checkField = style({ display: "flex", gap: vars.space.sm, alignItems: "center", fontSize: vars.font.sizeSmall });
export const textarea = style({
  width: "100%",
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
  fontSize: vars.font.sizeSmall,
  boxSizing: "border-box",
});
export const pictures = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, listStyle: "none", padding: 0, margin: `0 0 ${vars.space.md}` });
export const picture = style({ display: "grid", gap: vars.space.xs, justifyItems: "start" });
/** A content item's current picture in its form: a thumbnail, not the page's width. */
export const coverThumb = style({ maxWidth: "15rem" });
/** The picture's group of fields: a fieldset is as wide as its content by default, which a phone cannot fit. */
export const fieldGroup = style({
  minWidth: 0,
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
globalStyle(`${fieldGroup} input[type=file]`, { maxWidth: "100%" });
export const preview = style({ padding: vars.space.md, border: `1px dashed ${vars.color.border}`, borderRadius: vars.radius.md, marginBottom: vars.space.lg });
/** A field of an edit form: label, control, hint and error stacked from the top, the control full width. */
export const formField = style({ display: "grid", gap: vars.space.xs, alignContent: "start", fontSize: vars.font.sizeSmall, minWidth: 0 });
export const wideControl = style([control, { width: "100%", boxSizing: "border-box" }]);
/** A small form inside a table cell (a role select and its button). */
export const inlineForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, alignItems: "center" });
export const smallButton = style({
  minHeight: "2.5rem",
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  cursor: "pointer",
});
export const smallDangerButton = style([smallButton, { color: vars.color.danger, borderColor: vars.color.danger, background: vars.color.background }]);
/** A form that stands alone under a block of facts. */
export const soloForm = style({ marginTop: vars.space.md });
export const reasonField = style({ flex: "1 1 16rem" });
/** The order page's refund form: lines to choose, then the two buttons. */
export const refundForm = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const refundQuantity = style({ display: "flex", alignItems: "center", gap: vars.space.xs, whiteSpace: "nowrap" });
export const checkLine = style({ display: "flex", alignItems: "flex-start", gap: vars.space.xs, fontSize: vars.font.sizeSmall });
export const refundButtons = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

/** The exchange log's errors: wide enough to read a sentence, the rest folded away. */
export const exchangeErrors = style({ minWidth: "16rem", maxWidth: "28rem" });
/** A status in a narrow column (the coin's pre-orders beside its form): it wraps rather than widen the table past the panel. */
export const wrappingStatus = style([status, { whiteSpace: "normal", borderRadius: vars.radius.sm }]);
/** A small form under a row's status (a pre-order cancelled with a reason): its cell's width, below the lines above. */
export const cellForm = style([inlineForm, { marginTop: vars.space.xs }]);
