import { createGlobalTheme, globalStyle } from "@vanilla-extract/css";

/**
 * Design tokens. Gold and silver palettes for the two metals, green and orange-red
 * for quotes going up and down, system fonts (no web-font download on slow phones).
 * Text colours keep a contrast of at least 4.5:1 (WCAG AA) on the grounds they are used
 * on: dark text on the gold buttons (white on gold is only 3.3:1), the "down" red on the
 * quotes bar's surface.
 */
export const vars = createGlobalTheme(":root", {
  color: {
    text: "#1c1a17",
    textMuted: "#5f5a52",
    background: "#ffffff",
    surface: "#f7f4ee",
    border: "#e4ddd0",
    link: "#7a5200",
    focus: "#1a5fb4",
    gold: "#b8860b",
    goldLight: "#f3e3b5",
    goldDark: "#7a5200",
    silver: "#8a9099",
    silverLight: "#e9ecef",
    silverDark: "#4f555d",
    up: "#1e7b34",
    down: "#c23a14",
    danger: "#b3261e",
    /** Text on a gold ground: 5.3:1. */
    onAccent: "#1c1a17",
    headerBar: "#1c1a17",
    onHeaderBar: "#f7f4ee",
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    sizeSmall: "0.875rem",
    sizeBase: "1rem",
    sizeLarge: "1.25rem",
    sizeTitle: "clamp(1.5rem, 1.2rem + 1.5vw, 2.25rem)",
  },
  space: {
    xs: "0.25rem",
    sm: "0.5rem",
    md: "1rem",
    lg: "1.5rem",
    xl: "2.5rem",
  },
  radius: { sm: "4px", md: "8px", pill: "999px" },
  shadow: { panel: "0 8px 24px rgba(28, 26, 23, 0.16)" },
  layout: { maxWidth: "1280px", gutter: "clamp(0.75rem, 0.5rem + 1.5vw, 2rem)" },
  z: { header: "20", dropdown: "30", overlay: "40", drawer: "50" },
});

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { WebkitTextSizeAdjust: "100%" });
globalStyle("body", {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeBase,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
});
globalStyle("a", { color: vars.color.link });
// A phone number never wraps; its text keeps plain spaces and hyphens, so it copies and reads as typed.
globalStyle('a[href^="tel:"]', { whiteSpace: "nowrap" });
globalStyle("img, svg", { display: "block", maxWidth: "100%" });
globalStyle("button, input, select, textarea", { font: "inherit" });
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
globalStyle("h1, h2, h3", { lineHeight: 1.2 });
