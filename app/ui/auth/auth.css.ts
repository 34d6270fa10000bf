import { style } from "@vanilla-extract/css";
import { vars } from "../tokens/theme.css.ts";

export const step = style({ display: "grid", gap: vars.space.md, maxWidth: "24rem" });
export const title = style({ fontSize: vars.font.sizeLarge, margin: 0 });
export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
export const row = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "center" });
export const linkButton = style({
  border: "none",
  background: "none",
  padding: 0,
  color: vars.color.link,
  textDecoration: "underline",
  cursor: "pointer",
  font: "inherit",
});
export const codeInput = style({ letterSpacing: "0.5em", fontSize: "1.5rem", textAlign: "center", maxWidth: "10rem" });
