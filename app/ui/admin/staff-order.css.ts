import { style } from "@vanilla-extract/css";
import { vars } from "../tokens/theme.css.ts";

/** A quantity field in a table row: wide enough for four digits, no wider. */
export const quantity = style({ width: "5rem" });

/** The confirmation's button, apart from the totals above it and from its «Изменить» link. */
export const confirmForm = style({ marginTop: vars.space.md, gap: vars.space.md });

/** A search under a block of facts: a line of air between them. */
export const afterFacts = style({ marginTop: vars.space.md });
