import { vars } from "../tokens/theme.css.ts";

/**
 * AdminError's few rules as one stylesheet text, worked out from the global tokens when the app
 * is built; AdminError renders it as a <style> that React moves into the page's <head>. Not a
 * vanilla-extract class: the role check's 403 is rendered by the root's boundary, whose page links
 * only the root's stylesheet, and a class here would put a stylesheet of the back office on every
 * storefront page. Not inline either: `style` attributes are what the markup check refuses.
 */
const rules = {
  header: {
    background: vars.color.headerBar,
    color: vars.color.onHeaderBar,
    padding: `${vars.space.sm} ${vars.layout.gutter}`,
    display: "flex",
    gap: vars.space.lg,
    alignItems: "center",
  },
  home: { color: vars.color.goldLight, fontWeight: "700", textDecoration: "none" },
  "logout-form": { marginLeft: "auto" },
  logout: { background: "none", border: `1px solid ${vars.color.silver}`, color: vars.color.onHeaderBar, borderRadius: vars.radius.sm, cursor: "pointer" },
  main: { maxWidth: vars.layout.maxWidth, margin: "0 auto", padding: `${vars.space.lg} ${vars.layout.gutter}` },
  title: { fontSize: vars.font.sizeTitle, margin: `0 0 ${vars.space.md}` },
};

const property = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The class of each part: `admin-error-header`… */
export const adminErrorClass = Object.fromEntries(Object.keys(rules).map((part) => [part, `admin-error-${part}`])) as Record<keyof typeof rules, string>;

export const adminErrorSheet = Object.entries(rules)
  .map(
    ([part, declarations]) =>
      `.admin-error-${part}{${Object.entries(declarations)
        .map(([name, value]) => `${property(name)}:${value}`)
        .join(";")}}`,
  )
  .join("");
