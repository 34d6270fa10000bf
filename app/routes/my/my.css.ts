import { globalStyle, style } from "@vanilla-extract/css";
import { mediaDown, mediaUp } from "#app/ui/tokens/breakpoints.ts";
import { vars } from "#app/ui/tokens/theme.css.ts";

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.md,
  "@media": { [mediaUp("md")]: { gridTemplateColumns: "14rem minmax(0, 1fr)", gap: vars.space.xl } },
});
export const menu = style({ paddingTop: vars.space.md, minWidth: 0 });
export const who = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.textMuted });
// On a phone the menu is one row that scrolls sideways: as a column it filled the first screen.
export const menuList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.xs,
  "@media": {
    [mediaDown("md")]: { display: "flex", gap: vars.space.md, overflowX: "auto", whiteSpace: "nowrap", borderBottom: `1px solid ${vars.color.border}` },
  },
});
export const menuLink = style({
  display: "block",
  padding: `${vars.space.sm} 0`,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&[aria-current=page]": { fontWeight: 700, color: vars.color.goldDark } },
});
export const logout = style({
  border: "none",
  background: "none",
  padding: `${vars.space.sm} 0`,
  color: vars.color.danger,
  cursor: "pointer",
  font: "inherit",
  whiteSpace: "nowrap",
});
export const content = style({ minWidth: 0 });
export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: `0 0 ${vars.space.lg}`,
});
export const fact = style({ display: "contents" });
// A long e-mail breaks anywhere rather than widening the page (577 px on a phone).
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: "anywhere" });
export const form = style({ maxWidth: "30rem" });

/** A holdings table scrolls sideways on a phone rather than squeezing the figures. */
export const tableWrap = style({ overflowX: "auto" });
export const gain = style({ color: vars.color.up });
export const loss = style({ color: vars.color.down });
export const note = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

/** /my/alerts: one row per alert, the delete button at its end (a table broke words on a phone). */
export const alertList = style({ listStyle: "none", margin: 0, padding: 0 });
export const alertItem = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const alertFacts = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
/**
 * The holdings table: on a phone each coin is a block of labelled lines (the label from the
 * cell's data-label), so the gain is on screen without scrolling sideways.
 */
export const holdingsTable = style({});
globalStyle(`${holdingsTable} thead`, {
  "@media": { [mediaDown("sm")]: { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" } },
});
globalStyle(`${holdingsTable}, ${holdingsTable} tbody, ${holdingsTable} tfoot, ${holdingsTable} tr, ${holdingsTable} td, ${holdingsTable} th`, {
  "@media": { [mediaDown("sm")]: { display: "block", width: "100%" } },
});
globalStyle(`${holdingsTable} tr`, { "@media": { [mediaDown("sm")]: { borderBottom: `1px solid ${vars.color.border}`, padding: `${vars.space.sm} 0` } } });
globalStyle(`${holdingsTable} td, ${holdingsTable} th`, { "@media": { [mediaDown("sm")]: { border: "none", textAlign: "left", padding: "2px 0" } } });
globalStyle(`${holdingsTable} td[data-label]::before`, {
  "@media": { [mediaDown("sm")]: { content: "attr(data-label) ': '", color: vars.color.textMuted } },
});
globalStyle(`${holdingsTable} td:empty`, { "@media": { [mediaDown("sm")]: { display: "none" } } });
export const buybackCard = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.md, marginBottom: vars.space.lg });
export const buybackTitle = style({
  fontSize: vars.font.sizeLarge,
  margin: `0 0 ${vars.space.sm}`,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "baseline",
});
export const buybackActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "center" });
export const buybackSteps = style({
  margin: `${vars.space.md} 0 0`,
  paddingInlineStart: vars.space.lg,
  fontSize: vars.font.sizeSmall,
  color: vars.color.textMuted,
});
export const buybackStatus = style({
  fontSize: vars.font.sizeSmall,
  fontWeight: 600,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.goldLight,
  whiteSpace: "nowrap",
});

export const telegram = style({ marginTop: vars.space.xl, paddingTop: vars.space.md, borderTop: `1px solid ${vars.color.border}` });
export const telegramKinds = style({ display: "grid", gap: vars.space.sm, border: "none", padding: 0, margin: `0 0 ${vars.space.md}` });
