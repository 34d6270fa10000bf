import { style } from "@vanilla-extract/css";
import { mediaUp } from "#app/ui/tokens/breakpoints.ts";
import { vars } from "#app/ui/tokens/theme.css.ts";

export const page = style({ maxWidth: "44rem" });
export const form = style({ display: "grid", gap: vars.space.md });
export const columns = style({ display: "grid", gap: vars.space.md, "@media": { [mediaUp("sm")]: { gridTemplateColumns: "1fr 1fr" } } });
export const note = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall, margin: 0 });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "center" });
