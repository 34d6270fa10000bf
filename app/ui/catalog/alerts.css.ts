import { style } from "@vanilla-extract/css";
import { mediaUp } from "../tokens/breakpoints.ts";
import { vars } from "../tokens/theme.css.ts";

export const section = style({ marginTop: vars.space.xl });
export const heading = style({ fontSize: vars.font.sizeLarge, margin: `0 0 ${vars.space.md}` });
export const forms = style({ display: "grid", gap: vars.space.lg, "@media": { [mediaUp("md")]: { gridTemplateColumns: "repeat(2, minmax(0, 22rem))" } } });
export const form = style({ display: "grid", gap: vars.space.sm, alignContent: "start" });
export const channels = style({ border: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: `${vars.space.xs} ${vars.space.md}` });
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs, width: "100%" });
export const channel = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs, minHeight: "2.75rem" });
export const hint = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
export const current = style({ margin: `0 0 ${vars.space.md}`, paddingLeft: vars.space.lg });
