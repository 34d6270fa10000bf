import { style } from "@vanilla-extract/css";
import { grow } from "./checkout.css.ts";

/** The section's one line of text: no paragraph margin beside its button, or alone. */
export const text = style({ margin: 0 });
export const growingText = style([grow, { margin: 0 }]);
