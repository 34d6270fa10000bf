// Without JavaScript the frame still works: the <details> menus, GET forms and plain links.
import { expect, test } from "./fixtures.ts";
import { desktop, isHydrated, mobileMenu, phone } from "./helpers.ts";

test.describe("mobile menu without JavaScript", () => {
  test.use({ viewport: phone });

  test("the burger opens the drawer and the same button closes it", async ({ page }) => {
    await page.goto("/");
    const menu = mobileMenu(page);
    const delivery = menu.drawer.getByRole("link", { name: "Доставка и оплата" });
    await expect(menu.drawer).toBeHidden();

    await menu.burger.click();
    await expect(menu.drawer).toBeVisible();
    await expect(delivery).toBeVisible();
    await expect(menu.drawer.getByRole("link", { name: "Инвестиционные монеты" })).toBeVisible();
    await expect(menu.burger).toHaveAccessibleName(/Меню/);

    await menu.burger.click();
    await expect(menu.drawer).toBeHidden();
  });

  test("a drawer link opens its page", async ({ page }) => {
    await page.goto("/");
    const menu = mobileMenu(page);
    await menu.burger.click();
    await menu.drawer.getByRole("link", { name: "Доставка и оплата" }).click();
    await expect(page).toHaveURL("/delivery");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(mobileMenu(page).drawer).toBeHidden();
  });

  test("the drawer's search goes to /search?q=…", async ({ page }) => {
    await page.goto("/");
    const menu = mobileMenu(page);
    await menu.burger.click();
    await menu.search.fill("Сеятель");
    await menu.search.press("Enter");
    await expect(page).toHaveURL("/search?q=%D0%A1%D0%B5%D1%8F%D1%82%D0%B5%D0%BB%D1%8C");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Результаты поиска «Сеятель»");
  });
});

test.describe("header without JavaScript", () => {
  test.use({ viewport: desktop });

  test("the header search submits to /search?q=…, an empty query too", async ({ page }) => {
    await page.goto("/catalog");
    const field = page.locator("#header-search");
    await field.fill("Георгий Победоносец");
    await page.getByTestId("site-header").getByRole("button", { name: "Найти" }).first().click();
    await expect(page).toHaveURL(/\/search\?q=%D0%93%D0%B5%D0%BE%D1%80%D0%B3%D0%B8%D0%B9(\+|%20)/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Результаты поиска «Георгий Победоносец»");

    // No native validation and no length rule: an empty search is sent as is.
    await page.locator("#header-search").fill("");
    await page.locator("#header-search").press("Enter");
    await expect(page).toHaveURL("/search?q=");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Поиск по каталогу");
  });

  test("'Войти' is a link to /login that remembers the page", async ({ page }) => {
    await page.goto("/catalog");
    const login = page.getByRole("link", { name: "Войти" });
    await expect(login).toHaveAttribute("href", "/login?redirectTo=%2Fcatalog");
    await login.click();
    await expect(page).toHaveURL("/login?redirectTo=%2Fcatalog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Вход/);
  });

  test("links of the header, the catalogue dropdown and the footer lead to their pages", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Информация" }).getByRole("link", { name: "О компании" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await page.getByRole("navigation", { name: "Основное меню" }).getByRole("link", { name: "Контакты" }).click();
    await expect(page).toHaveURL("/contacts");

    const catalogue = page.getByRole("navigation", { name: "Основное меню" }).locator("details");
    await catalogue.locator("summary").click();
    await catalogue.getByRole("link", { name: "Памятные монеты" }).click();
    await expect(page).toHaveURL("/catalog/memorable-coins");

    await page.getByTestId("site-footer").getByRole("link", { name: "Сертификаты" }).click();
    await expect(page).toHaveURL("/certificates");

    await page
      .getByRole("link", { name: /на главную/ })
      .first()
      .click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("the page never hydrates", () => {
  test("no React handlers: the overlay, Escape and mouse-leave do nothing", async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto("/");
    const menu = mobileMenu(page);
    await menu.burger.click();
    await expect(menu.drawer).toBeVisible();

    // With JavaScript these close the menu; without it only the burger does.
    const size = page.viewportSize()!;
    await menu.overlay.click({ position: { x: size.width - 12, y: 500 } });
    await page.keyboard.press("Escape");
    await expect(menu.drawer).toBeVisible();
    expect(await isHydrated(page)).toBe(false);

    // The catalogue dropdown stays open when the mouse leaves (closing it needs JavaScript).
    await page.setViewportSize(desktop);
    await page.goto("/");
    const catalogue = page.getByRole("navigation", { name: "Основное меню" }).locator("details");
    await catalogue.locator("summary").click();
    await page.mouse.move(640, 700, { steps: 5 });
    await expect(catalogue.getByRole("link", { name: "Инвестиционные монеты" })).toBeVisible();
    await catalogue.locator("summary").click();
    await expect(catalogue.getByRole("link", { name: "Инвестиционные монеты" })).toBeHidden();
    expect(await isHydrated(page)).toBe(false);
  });
});
