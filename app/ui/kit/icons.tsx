import { visuallyHidden } from "./kit.css.ts";

/** Inline icons (no icon font, no extra request). Decorative: hidden from screen readers. */
type IconName = "cart" | "heart" | "compare" | "user" | "phone" | "search" | "menu" | "close" | "chevron" | "arrowUp" | "arrowDown";

const paths: Record<IconName, string> = {
  cart: "M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2M9 19.5a1.5 1.5 0 1 0 0 .01M17 19.5a1.5 1.5 0 1 0 0 .01",
  heart: "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z",
  compare: "M6 20V10M12 20V4M18 20v-7",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0",
  phone: "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm5-2 4 4",
  menu: "M4 7h16M4 12h16M4 17h16",
  close: "M6 6l12 12M18 6 6 18",
  chevron: "M6 9l6 6 6-6",
  arrowUp: "M12 19V5m-6 6 6-6 6 6",
  arrowDown: "M12 5v14m-6-6 6 6 6-6",
};

const iconNames = Object.keys(paths) as IconName[];

/**
 * Every icon once, as a <symbol> the icons point to (decision 036): a card repeats two icons, a
 * catalogue page 48 of them, and each <use> is a fifth of the bytes of its path. Rendered once
 * per document, at the top of the body (root.tsx); hidden, and out of the layout.
 */
export function IconSprite() {
  return (
    <svg className={visuallyHidden} aria-hidden="true" focusable="false">
      {iconNames.map((name) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <path d={paths[name]} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" />
        </symbol>
      ))}
    </svg>
  );
}

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`#icon-${name}`} />
    </svg>
  );
}
