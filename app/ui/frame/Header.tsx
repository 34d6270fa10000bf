import { Link, NavLink } from "react-router";
import { loginHref } from "#app/modules/auth/login-href.ts";
import { headerMenu, secondaryMenu } from "#app/modules/shop/navigation.ts";
import { Container } from "../kit/Container.tsx";
import { CountBadge } from "../kit/CountBadge.tsx";
import { Icon } from "../kit/icons.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import { CatalogDropdown } from "./CatalogDropdown.tsx";
import {
  actions,
  header,
  headerSticky,
  iconLink,
  inlineList,
  loginButton,
  mainBar,
  navLink,
  primaryList,
  primaryNav,
  search,
  searchLink,
  secondaryNav,
  topBar,
  topBarInner,
  topBarLink,
} from "./frame.css.ts";
import { useLoginModal } from "../auth/LoginModal.tsx";
import { Logo } from "./Logo.tsx";
import { MobileMenu } from "./MobileMenu.tsx";
import { PhonesPanel } from "./PhonesPanel.tsx";
import { Ratings } from "./Ratings.tsx";
import { ProfileMenu } from "./ProfileMenu.tsx";
import { SearchForm } from "./SearchForm.tsx";

export type HeaderCounts = { cart: number; wishlist: number; compare: number };

export type HeaderProps = {
  counts: HeaderCounts;
  isLoggedIn: boolean;
  /** Where 'Войти' returns the buyer after signing in. */
  returnTo: string;
  sticky: boolean;
  quotesBar: React.ReactNode;
};

export function Header({ counts, isLoggedIn, returnTo, sticky, quotesBar }: HeaderProps) {
  const loginLink = loginHref(returnTo);
  const loginModal = useLoginModal();
  return (
    <header className={sticky ? `${header} ${headerSticky}` : header} data-testid="site-header">
      <div className={topBar}>
        <Container className={topBarInner}>
          <nav aria-label="Информация" className={secondaryNav}>
            <ul className={inlineList}>
              {secondaryMenu.map((item) => (
                <li key={item.href}>
                  <Link to={item.href} className={topBarLink}>
                    {item.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Ratings />
          <PhonesPanel />
        </Container>
      </div>
      <Container className={mainBar}>
        <MobileMenu />
        <Logo />
        <nav aria-label="Основное меню" className={primaryNav}>
          <ul className={primaryList}>
            {headerMenu.map((item) => (
              <li key={item.href}>
                {item.children ? (
                  <CatalogDropdown item={item} />
                ) : (
                  <NavLink to={item.href} className={navLink}>
                    {item.name}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <SearchForm id="header-search" className={search} />
        <div className={actions}>
          {/* Phones have no room for the search field: the icon opens the search page. */}
          <Link to="/search" className={`${iconLink} ${searchLink}`}>
            <Icon name="search" />
            <span className={visuallyHidden}>Поиск</span>
          </Link>
          <Link to="/product-comparison" className={iconLink} data-testid="compare-link">
            <Icon name="compare" />
            <span className={visuallyHidden}>Сравнение</span>
            <CountBadge count={counts.compare} />
          </Link>
          <Link to="/wishlist" className={iconLink} data-testid="wishlist-link">
            <Icon name="heart" />
            <span className={visuallyHidden}>Избранное</span>
            <CountBadge count={counts.wishlist} />
          </Link>
          {/* Spec section 2: the cart icon leads to checkout. */}
          <Link to="/checkout" className={iconLink} data-testid="cart-link">
            <Icon name="cart" />
            <span className={visuallyHidden}>Корзина</span>
            <CountBadge count={counts.cart} />
          </Link>
          {isLoggedIn ? (
            <ProfileMenu />
          ) : (
            <Link
              to={loginLink}
              className={loginButton}
              onClick={(event) => {
                // With JavaScript the steps open in the modal; without it the link leads to /login.
                if (!loginModal || event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                loginModal.open(returnTo);
              }}
            >
              Войти
            </Link>
          )}
        </div>
      </Container>
      {quotesBar}
    </header>
  );
}
