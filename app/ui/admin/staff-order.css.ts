import { style } from "@vanilla-extract/css";

/** A quantity field in a table row: wide enough for four digits, no wider. */
export const quantity = style({ width: "5rem" });
