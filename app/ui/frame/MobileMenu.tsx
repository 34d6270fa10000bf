import { useCallback, useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { primaryMenu, secondaryMenu } from "#app/modules/shop/navigation.ts";
import { Icon } from "../kit/icons.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import {
  burger,
  burgerSummary,
  drawer,
  drawerHead,
  drawerLink,
  drawerList,
  drawerRatings,
  drawerSearch,
  drawerSubList,
  overlay,
  whenClosed,
  whenOpen,
} from "./frame.css.ts";
import { Logo } from "./Logo.tsx";
import { PhonesPanel } from "./PhonesPanel.tsx";
import { Ratings } from "./Ratings.tsx";
import { SearchForm } from "./SearchForm.tsx";

/**
 * The mobile side menu. A <details> element opens it without JavaScript, and its
 * summary turns into the close button; with JavaScript the menu also closes on a
 * link click, a click outside and Escape.
 */
export function MobileMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const close = useCallback(() => ref.current?.removeAttribute("open"), []);

  // Any navigation (a link inside, back/forward) closes the menu; the page's first location does
  // not: a buyer on a slow phone may have opened the menu before the scripts came.
  const shownFor = useRef(location.key);
  useEffect(() => {
    if (location.key === shownFor.current) return;
    shownFor.current = location.key;
    close();
  }, [location.key, close]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [close]);

  const headerItems = primaryMenu.filter((item) => !item.footerOnly);

  return (
    <details ref={ref} className={burger} data-testid="mobile-menu">
      <summary className={burgerSummary} aria-label="Меню">
        <span className={whenClosed}>
          <Icon name="menu" />
        </span>
        <span className={whenOpen}>
          <Icon name="close" />
          <span className={visuallyHidden}>Закрыть меню</span>
        </span>
      </summary>
      <div className={overlay} onClick={close} aria-hidden="true" data-testid="mobile-menu-overlay" />
      <nav className={drawer} aria-label="Меню сайта">
        <div className={drawerHead}>
          <Logo />
        </div>
        <SearchForm
          id="mobile-search"
          className={drawerSearch}
          onSubmitted={(form) => {
            form.reset();
            close();
          }}
        />
        <ul className={drawerList}>
          {headerItems.map((item) => (
            <li key={item.href}>
              <Link to={item.href} className={drawerLink} onClick={close}>
                {item.name}
              </Link>
              {item.children ? (
                <ul className={drawerSubList}>
                  {item.children.map((child) => (
                    <li key={child.href}>
                      <Link to={child.href} className={drawerLink} onClick={close}>
                        {child.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        <ul className={drawerList}>
          {secondaryMenu.map((item) => (
            <li key={item.href}>
              <Link to={item.href} className={drawerLink} onClick={close}>
                {item.name}
              </Link>
            </li>
          ))}
        </ul>
        <PhonesPanel />
        <Ratings className={drawerRatings} />
      </nav>
    </details>
  );
}
