import { style } from "@vanilla-extract/css";

/** Fills its box's width and keeps the picture's proportions (from the width/height attributes). */
export const coinImage = style({
  display: "block",
  width: "100%",
  maxWidth: "100%",
  height: "auto",
  objectFit: "contain",
});
