import { style } from "@vanilla-extract/css";
import { control, filterField } from "./admin.css.ts";

/** A refund line's count: a few digits wide, not the full width of a control. */
export const refundCount = style([control, { width: "4.5rem" }]);
/** The note's text field takes the row's room beside its button. */
export const noteField = style([filterField, { flex: "1 1 14rem" }]);
