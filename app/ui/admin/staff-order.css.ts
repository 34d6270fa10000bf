import { style } from "@vanilla-extract/css";
import { vars } from "../tokens/theme.css.ts";

/** A quantity field in a table row: wide enough for four digits, no wider. */
export const quantity = style({ width: "5rem" });

/** The confirmation's button, apart from the totals above it and from its «Изменить» link. */
export const confirmForm = style({ marginTop: vars.space.md, gap: vars.space.md });

/** A search under a block of facts: a line of air between them. */
export const afterFacts = style({ marginTop: vars.space.md });

/** A form's button row in a grid of fields: the whole width, so the button keeps its words on one line. */
export const fullRow = style({ gridColumn: "1 / -1" });

/** The «Новый покупатель» fold: its title apart from the fields it opens. */
export const foldTitle = style({ cursor: "pointer", marginBottom: vars.space.sm });
