import { style } from "@vanilla-extract/css";
import { mediaUp } from "#app/ui/tokens/breakpoints.ts";
import { vars } from "#app/ui/tokens/theme.css.ts";

export const layout = style({
  display: "grid",
  gap: vars.space.xl,
  transition: "opacity 150ms",
  selectors: { "&[data-updating]": { opacity: 0.7 } },
  "@media": { [mediaUp("lg")]: { gridTemplateColumns: "minmax(0, 1fr) 20rem" } },
});
export const lines = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.md });
export const line = style({
  display: "grid",
  gridTemplateColumns: "4.5rem minmax(0, 1fr)",
  gap: vars.space.sm,
  alignItems: "center",
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  "@media": { [mediaUp("md")]: { gridTemplateColumns: "6rem minmax(0, 1fr) auto auto auto" } },
});
export const lineUnavailable = style({ background: vars.color.surface });
export const lineImage = style({ display: "block", borderRadius: vars.radius.sm, overflow: "hidden" });
export const lineInfo = style({ display: "grid", gap: 2 });
export const lineName = style({ fontWeight: 600, color: vars.color.text });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
export const problem = style({ color: vars.color.danger, fontSize: vars.font.sizeSmall, fontWeight: 600 });
export const quantity = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs });
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
export const count = style({ minWidth: "2rem", textAlign: "center", fontWeight: 700, fontVariantNumeric: "tabular-nums" });
export const lineTotal = style({ fontWeight: 800, whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });
export const remove = style({ border: "none", background: "none", color: vars.color.textMuted, textDecoration: "underline", cursor: "pointer", padding: vars.space.sm });
export const summary = style({
  display: "grid",
  gap: vars.space.sm,
  alignContent: "start",
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const summaryLine = style({ margin: 0 });
export const total = style({ margin: 0, fontSize: vars.font.sizeLarge, fontWeight: 800 });
export const empty = style({ display: "grid", gap: vars.space.md, justifyItems: "start" });
