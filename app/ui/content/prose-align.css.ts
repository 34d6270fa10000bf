import { globalStyle } from "@vanilla-extract/css";
import { prose } from "./content.css.ts";

// A Markdown table column's alignment (`|:-:|`, `|--:|`): the sanitiser writes it as these classes
// (content/markdown.server.ts), the obsolete `align` attribute being invalid HTML.
globalStyle(`${prose} .align-left`, { textAlign: "left" });
globalStyle(`${prose} .align-center`, { textAlign: "center" });
globalStyle(`${prose} .align-right`, { textAlign: "right" });
