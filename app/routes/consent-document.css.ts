import { style } from "@vanilla-extract/css";

/** The 64-character checksum breaks anywhere rather than widen the page on a phone. */
export const checksum = style({ wordBreak: "break-all" });
