import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { primaryMenu } from "#app/modules/shop/navigation.ts";
import { Footer } from "./Footer.tsx";
import { Header, type HeaderProps } from "./Header.tsx";

afterEach(cleanup);

const zero = { cart: 0, wishlist: 0, compare: 0 };

/** Renders the header at `path` inside a router (its links, NavLinks and forms need one). */
async function renderHeader(props: Partial<HeaderProps> = {}, path = "/") {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => <Header counts={zero} isLoggedIn={false} returnTo={path} sticky={false} quotesBar={null} {...props} />,
    },
  ]);
  render(<Stub initialEntries={[path]} />);
  return screen.findByTestId("site-header");
}

describe("Header count badges", () => {
  it("shows no badge on cart, wishlist or comparison while they are empty", async () => {
    const header = await renderHeader();
    expect(within(header).getByTestId("cart-link")).toBeTruthy();
    expect(within(header).queryAllByTestId("count-badge")).toHaveLength(0);
  });

  it("shows each count on its own icon, and 99+ above 99", async () => {
    const header = await renderHeader({ counts: { cart: 3, wishlist: 1, compare: 120 } });
    expect(within(header).getByTestId("cart-link").textContent).toContain("3");
    expect(within(within(header).getByTestId("cart-link")).getByTestId("count-badge").textContent).toBe("3");
    expect(within(within(header).getByTestId("wishlist-link")).getByTestId("count-badge").textContent).toBe("1");
    expect(within(within(header).getByTestId("compare-link")).getByTestId("count-badge").textContent).toBe("99+");
  });

  it("hides only the badges whose count is zero", async () => {
    const header = await renderHeader({ counts: { cart: 2, wishlist: 0, compare: 0 } });
    expect(within(header).getAllByTestId("count-badge")).toHaveLength(1);
    expect(within(within(header).getByTestId("wishlist-link")).queryByTestId("count-badge")).toBeNull();
  });

  it("the cart icon leads to checkout (spec section 2)", async () => {
    const header = await renderHeader();
    expect(within(header).getByTestId("cart-link").getAttribute("href")).toBe("/checkout");
  });
});

describe("Header sign-in", () => {
  it("logged out: 'Войти' links to /login and brings the buyer back to the page", async () => {
    const header = await renderHeader({}, "/catalog/gold?page=2");
    const login = within(header).getByRole("link", { name: "Войти" });
    expect(login.getAttribute("href")).toBe(`/login?redirectTo=${encodeURIComponent("/catalog/gold?page=2")}`);
    expect(within(header).queryByText("Профиль")).toBeNull();
  });

  it("on the sign-in page itself: 'Войти' keeps that page's destination, not a /login inside a /login", async () => {
    const header = await renderHeader({}, "/login?redirectTo=%2Fcheckout");
    expect(within(header).getByRole("link", { name: "Войти" }).getAttribute("href")).toBe("/login?redirectTo=%2Fcheckout");
  });

  it("logged out on the home page: plain /login", async () => {
    const header = await renderHeader({}, "/");
    expect(within(header).getByRole("link", { name: "Войти" }).getAttribute("href")).toBe("/login");
  });

  it("logged in: a 'Профиль' dropdown with the cabinet menu and 'Выйти', and a /my link for phones", async () => {
    const header = await renderHeader({ isLoggedIn: true });
    expect(within(header).queryByRole("link", { name: "Войти" })).toBeNull();

    const summary = within(header).getByText("Профиль");
    expect(summary.tagName).toBe("SUMMARY");
    const dropdown = summary.closest("details")!;
    const hrefs = within(dropdown)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/my/profile", "/my/orders", "/my/coins", "/my/alerts", "/my/preorders", "/my/buyback", "/my/privacy", "/wishlist"]);
    const logout = within(dropdown).getByRole("button", { name: "Выйти" });
    const form = logout.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/logout");

    expect(within(header).getByRole("link", { name: "Личный кабинет" }).getAttribute("href")).toBe("/my");
  });
});

describe("menus", () => {
  const footerOnly = primaryMenu.filter((item) => item.footerOnly);

  it("has footer-only entries to check", () => {
    expect(footerOnly.map((item) => item.name)).toEqual(["Георгий Победоносец", "Сеятель", "Сертификаты", "Обмен и возврат"]);
  });

  it("the header (desktop menu and mobile drawer) leaves out the footer-only entries", async () => {
    const header = await renderHeader();
    const nav = within(header).getByRole("navigation", { name: "Основное меню" });
    for (const name of ["Каталог", "Золото", "Серебро", "Акции", "Доставка и оплата", "Контакты"]) {
      expect(within(nav).getByText(name)).toBeTruthy();
    }
    for (const item of footerOnly) {
      expect(within(header).queryByRole("link", { name: item.name }), item.name).toBeNull();
      expect(header.querySelector(`a[href="${item.href}"]`), item.href).toBeNull();
    }
    // The catalogue's children sit in the dropdown and, nested, in the drawer.
    const drawer = within(header).getByRole("navigation", { name: "Меню сайта" });
    expect(within(drawer).getByRole("link", { name: "Инвестиционные монеты" }).getAttribute("href")).toBe("/catalog/bullion-coins");
    expect(within(nav).getByRole("link", { name: "Памятные монеты" }).getAttribute("href")).toBe("/catalog/memorable-coins");
  });

  it("the footer lists the footer-only entries", async () => {
    const Stub = createRoutesStub([{ path: "*", Component: Footer }]);
    render(<Stub />);
    const footer = await screen.findByTestId("site-footer");
    for (const item of footerOnly) {
      expect(within(footer).getByRole("link", { name: item.name }).getAttribute("href")).toBe(item.href);
    }
  });
});
