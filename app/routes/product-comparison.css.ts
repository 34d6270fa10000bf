import { style } from "@vanilla-extract/css";
import { columnCountProperty } from "./lists.css.ts";

/** The most coins the comparison holds: listLimits.compare (lists.server.ts, a server module this build-time file cannot import). */
const mostCoins = 10;

/**
 * The comparison table's number of coins as a class, one for each count the list can hold
 * (lists.css.ts sizes the table by it), rather than an inline style.
 */
export const columnsOf = Array.from({ length: mostCoins }, (_, index) => style({ vars: { [columnCountProperty]: String(index + 1) } }));
