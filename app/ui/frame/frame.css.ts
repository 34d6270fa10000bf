import { globalStyle, style } from "@vanilla-extract/css";
import { mediaUp } from "../tokens/breakpoints.ts";
import { vars } from "../tokens/theme.css.ts";

export const page = style({ display: "flex", flexDirection: "column", minHeight: "100vh" });
export const main = style({ flex: 1, paddingBottom: vars.space.xl });

export const header = style({ background: vars.color.background, borderBottom: `1px solid ${vars.color.border}` });
/** Spec section 2: on cart and checkout the header sticks to the top edge. */
export const headerSticky = style({ position: "sticky", top: 0, zIndex: vars.z.header });
// What the browser scrolls to (an empty required field it stops a form at, a focused control, an
// anchor) comes to rest below the sticky header, not under it: about 53 px tall on a phone, 148 px
// on a desktop with its quotes bar.
globalStyle(`html:has(${headerSticky})`, { scrollPaddingTop: "4.5rem", "@media": { [mediaUp("md")]: { scrollPaddingTop: "10.5rem" } } });

/** Phones have no top bar: its ratings and phone are in the side menu and the footer. */
export const topBar = style({
  display: "none",
  background: vars.color.headerBar,
  color: vars.color.onHeaderBar,
  fontSize: vars.font.sizeSmall,
  "@media": { [mediaUp("md")]: { display: "block" } },
});
// Wraps on the narrowest phones (320 px) instead of pushing the page sideways.
export const topBarInner = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  columnGap: vars.space.md,
  minHeight: "2.5rem",
});
export const secondaryNav = style({
  display: "none",
  "@media": { [mediaUp("lg")]: { display: "block" } },
});
export const inlineList = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, listStyle: "none", margin: 0, padding: 0 });
export const topBarLink = style({ color: vars.color.onHeaderBar, textDecoration: "none", selectors: { "&:hover": { textDecoration: "underline" } } });
export const ratings = style({ display: "flex", gap: vars.space.sm, marginInlineStart: "auto" });
// Top-bar links are at least 24 px tall: a finger on a phone must hit one, not its neighbour.
export const rating = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "1.5rem",
  gap: vars.space.xs,
  color: vars.color.onHeaderBar,
  textDecoration: "none",
  whiteSpace: "nowrap",
});
export const ratingValue = style({ color: vars.color.goldLight, fontWeight: 700 });

// Kept at the right edge of the top bar, also when it wraps, so the panel opens on screen.
export const phones = style({ position: "relative", marginInlineStart: "auto" });
export const phonesToggle = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "1.5rem",
  gap: vars.space.xs,
  color: vars.color.onHeaderBar,
  textDecoration: "none",
  fontWeight: 600,
  whiteSpace: "nowrap",
});
/** The contacts panel opens on hover and on keyboard focus, without JavaScript. */
export const phonesPanel = style({
  position: "absolute",
  right: 0,
  top: "100%",
  zIndex: vars.z.dropdown,
  minWidth: "17rem",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  boxShadow: vars.shadow.panel,
  visibility: "hidden",
  opacity: 0,
  transition: "opacity 120ms",
  selectors: {
    [`${phones}:hover &, ${phones}:focus-within &`]: { visibility: "visible", opacity: 1 },
  },
});
export const panelLine = style({ margin: `0 0 ${vars.space.xs}` });

/** One compact row on phones (menu, logo, search, badges, sign-in): the first screen is for coins. */
export const mainBar = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "3.25rem",
  "@media": { [mediaUp("md")]: { gap: vars.space.md, minHeight: "4rem" } },
});
export const logo = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 800,
  fontSize: "1.125rem",
  letterSpacing: "0.02em",
  "@media": { [mediaUp("md")]: { gap: vars.space.sm, fontSize: vars.font.sizeLarge } },
});
export const logoText = style({});
export const logoMark = style({
  flex: "none",
  width: "1.75rem",
  height: "1.75rem",
  "@media": { [mediaUp("md")]: { width: "2rem", height: "2rem" } },
  borderRadius: "50%",
  background: `radial-gradient(circle at 35% 35%, ${vars.color.goldLight}, ${vars.color.gold} 60%, ${vars.color.goldDark})`,
  boxShadow: `inset 0 0 0 2px ${vars.color.goldDark}`,
});

/**
 * The primary menu needs about 1 200 px beside the logo, search and icons, so it shows
 * from xl; narrower screens use the burger (at lg the header overflowed by 240 px).
 */
export const primaryNav = style({
  display: "none",
  "@media": { [mediaUp("xl")]: { display: "block" } },
});
export const primaryList = style({ display: "flex", alignItems: "center", gap: "0.875rem", listStyle: "none", margin: 0, padding: 0 });
export const navLink = style({
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 600,
  whiteSpace: "nowrap",
  selectors: { "&:hover, &[aria-current=page]": { color: vars.color.goldDark } },
});

export const dropdown = style({ position: "relative" });
export const dropdownSummary = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 2,
  listStyle: "none",
  cursor: "pointer",
  fontWeight: 600,
  whiteSpace: "nowrap",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});
export const dropdownPanel = style({
  position: "absolute",
  left: 0,
  top: "calc(100% + 0.5rem)",
  zIndex: vars.z.dropdown,
  minWidth: "15rem",
  padding: vars.space.sm,
  margin: 0,
  listStyle: "none",
  borderRadius: vars.radius.md,
  background: vars.color.background,
  boxShadow: vars.shadow.panel,
  selectors: {
    // Bridges the gap under the summary: the dropdown closes when the mouse leaves it,
    // and without this the way from 'Каталог' down to its links left it.
    "&::before": { content: '""', position: "absolute", insetInline: 0, bottom: "100%", height: "0.5rem" },
  },
});
export const dropdownLink = style({
  display: "block",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover, &:focus-visible": { background: vars.color.surface } },
});

// Never narrower than its placeholder 'Поиск монет' (it was cut to 'Поиск м' at 1366 px).
export const search = style({
  display: "none",
  flex: "1 1 13rem",
  minWidth: "12rem",
  maxWidth: "24rem",
  marginInlineStart: "auto",
  "@media": { [mediaUp("md")]: { display: "flex" } },
});
export const searchInput = style({
  flex: 1,
  minWidth: 0,
  minHeight: "2.5rem",
  padding: `0 0.75rem`,
  border: `1px solid ${vars.color.border}`,
  borderRight: "none",
  borderRadius: `${vars.radius.md} 0 0 ${vars.radius.md}`,
});
export const searchButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "2.75rem",
  border: `1px solid ${vars.color.gold}`,
  borderRadius: `0 ${vars.radius.md} ${vars.radius.md} 0`,
  background: vars.color.gold,
  color: vars.color.onAccent,
  cursor: "pointer",
});

export const actions = style({
  display: "flex",
  alignItems: "center",
  gap: 0,
  marginInlineStart: "auto",
  "@media": { [mediaUp("sm")]: { gap: vars.space.sm } },
});
/** The search icon stands in for the header's search field where that is hidden. */
export const searchLink = style({ "@media": { [mediaUp("md")]: { display: "none" } } });
export const iconLink = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "2.125rem",
  height: "2.75rem",
  color: vars.color.text,
  textDecoration: "none",
  "@media": { [mediaUp("sm")]: { width: "2.75rem" } },
  selectors: { "&:hover": { color: vars.color.goldDark } },
});
export const loginButton = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "2.5rem",
  marginInlineStart: vars.space.xs,
  paddingInline: vars.space.sm,
  "@media": { [mediaUp("sm")]: { marginInlineStart: 0, paddingInline: vars.space.md } },
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.gold}`,
  color: vars.color.goldDark,
  fontWeight: 600,
  textDecoration: "none",
  whiteSpace: "nowrap",
});
export const desktopOnly = style({ display: "none", "@media": { [mediaUp("lg")]: { display: "block" } } });
export const mobileOnly = style({ "@media": { [mediaUp("lg")]: { display: "none" } } });

// No margin: a <p>'s default margin left an empty strip between the quotes bar and the banner.
// One line on phones (the short wording), never wrapping into the first screen.
export const banner = style({
  margin: 0,
  background: vars.color.goldLight,
  color: vars.color.text,
  fontSize: "0.8125rem",
  lineHeight: 1.4,
  textAlign: "center",
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
  padding: `${vars.space.xs} ${vars.space.md}`,
  "@media": { [mediaUp("md")]: { fontSize: vars.font.sizeSmall, whiteSpace: "normal" } },
});
export const bannerLong = style({ display: "none", "@media": { [mediaUp("md")]: { display: "inline" } } });
export const bannerShort = style({ "@media": { [mediaUp("md")]: { display: "none" } } });

export const burger = style({
  display: "inline-flex",
  "@media": { [mediaUp("xl")]: { display: "none" } },
});
export const burgerSummary = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "2.5rem",
  height: "2.75rem",
  listStyle: "none",
  cursor: "pointer",
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    // Open, the burger becomes the drawer's close button (works without JavaScript).
    [`${burger}[open] > &`]: {
      position: "fixed",
      top: vars.space.sm,
      left: "calc(min(22rem, 88vw) - 3.25rem)",
      zIndex: `calc(${vars.z.drawer} + 1)`,
      background: vars.color.background,
    },
  },
});
/**
 * Beside the burger the shop's name shows from 380 px (a 390 px phone has room for it beside the
 * search, the three badges and 'Войти'); narrower phones keep the coin mark (the link keeps its name).
 */
globalStyle(`${burger} ~ ${logo} ${logoText}`, { "@media": { "screen and (max-width: 379.98px)": { display: "none" } } });
export const whenClosed = style({ selectors: { [`${burger}[open] &`]: { display: "none" } } });
export const whenOpen = style({ display: "none", selectors: { [`${burger}[open] &`]: { display: "block" } } });
export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: vars.z.overlay,
  background: "rgba(28, 26, 23, 0.45)",
  border: "none",
  padding: 0,
});
export const drawer = style({
  position: "fixed",
  insetBlock: 0,
  left: 0,
  zIndex: vars.z.drawer,
  width: "min(22rem, 88vw)",
  overflowY: "auto",
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.xl}`,
  background: vars.color.background,
  boxShadow: vars.shadow.panel,
});
export const drawerHead = style({ display: "flex", alignItems: "center", minHeight: "2.75rem", paddingInlineEnd: "3rem", marginBottom: vars.space.md });
export const drawerList = style({ listStyle: "none", margin: `0 0 ${vars.space.lg}`, padding: 0 });
export const drawerLink = style({
  display: "block",
  padding: `${vars.space.sm} 0`,
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 600,
});
export const drawerSubList = style({ listStyle: "none", margin: 0, paddingInlineStart: vars.space.md });
export const drawerSearch = style({ display: "flex", marginBottom: vars.space.md });
/** The phone link and ratings are light on the dark top bar; on the white drawer and the error page's header they take the text colour. */
export const drawerRatings = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, marginTop: vars.space.md, fontSize: vars.font.sizeSmall });
export const lightHeader = style({});
globalStyle(`${drawer} ${phonesToggle}, ${drawer} ${rating}, ${lightHeader} ${phonesToggle}`, { color: vars.color.text });
globalStyle(`${drawer} ${ratingValue}`, { color: vars.color.goldDark });

/** The blank layout (/cabinet/create): the logo and one form, centred as a card (it sat top-left on desktop). */
export const blankBar = style({ justifyContent: "center" });
export const blankContent = style({ display: "grid", justifyContent: "center", paddingBlock: vars.space.md });
globalStyle(`${blankContent} > *`, {
  width: "min(26rem, 100%)",
  "@media": {
    [mediaUp("sm")]: { padding: vars.space.lg, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, boxShadow: vars.shadow.panel },
  },
});

export const footer = style({ background: vars.color.headerBar, color: vars.color.onHeaderBar, paddingBlock: vars.space.xl, fontSize: vars.font.sizeSmall });
export const footerGrid = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fit, minmax(12rem, 1fr))",
});
export const footerHeading = style({ fontSize: vars.font.sizeBase, margin: `0 0 ${vars.space.sm}`, color: vars.color.goldLight });
export const footerList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });
export const footerLink = style({ color: vars.color.onHeaderBar });
export const footerAddress = style({ fontStyle: "normal" });
export const payments = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, listStyle: "none", margin: `${vars.space.lg} 0 0`, padding: 0 });
export const paymentLogo = style({ height: "1.75rem", width: "auto", background: "#fff", borderRadius: vars.radius.sm });
export const copyright = style({ marginTop: vars.space.lg, color: vars.color.silverLight });

/* The error page (spec sections 2 and 8). */

export const errorSection = style({ textAlign: "center", paddingBlock: vars.space.xl, maxWidth: "36rem", marginInline: "auto" });
export const errorImage = style({ width: "7.5rem", height: "7.5rem", marginInline: "auto" });
export const errorCode = style({ fontSize: "4rem", fontWeight: 800, color: vars.color.gold, margin: `${vars.space.md} 0 0`, lineHeight: 1 });
export const errorTitle = style({ fontSize: vars.font.sizeTitle, margin: `${vars.space.sm} 0` });
export const errorMessage = style({ color: vars.color.textMuted, margin: `0 0 ${vars.space.lg}` });
export const errorActions = style({ margin: 0 });

/** The profile dropdown opens towards the left, under its right edge. */
export const dropdownPanelEnd = style({ left: "auto", right: 0 });
/** 'Выйти' in the dropdown: a form's button that looks like the links above it. */
export const dropdownButton = style({ border: "none", background: "none", width: "100%", textAlign: "left", cursor: "pointer" });
/** The error page's phones, pushed to the header's end. */
export const pushedEnd = style({ marginInlineStart: "auto" });
