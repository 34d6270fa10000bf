// With JavaScript the frame's menus close themselves the way the spec asks (section 2,
// "Frame behaviour"), and navigation stays in the page (client routing).
import { expect, test } from "./fixtures.ts";
import { clickOutsideDrawer, desktop, expectSameDocument, markDocument, mobileMenu, phone, waitForHydration, watchConsole } from "./helpers.ts";

test.describe("mobile menu", () => {
  test.use({ viewport: phone });

  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await markDocument(page);
  });

  test("closes when a link in it is followed", async ({ page }) => {
    const menu = mobileMenu(page);
    await menu.burger.click();
    await menu.drawer.getByRole("link", { name: "Контакты" }).click();
    await expect(page).toHaveURL("/contacts");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(menu.drawer).toBeHidden();
    await expect(menu.root).not.toHaveAttribute("open");
    await expectSameDocument(page);
  });

  test("closes on a click outside it and stays on the page", async ({ page }) => {
    const menu = mobileMenu(page);
    await menu.burger.click();
    await expect(menu.drawer).toBeVisible();
    await clickOutsideDrawer(page);
    await expect(menu.drawer).toBeHidden();
    await expect(page).toHaveURL("/");
  });

  test("closes with its close button and with Escape", async ({ page }) => {
    const menu = mobileMenu(page);
    await menu.burger.click();
    await expect(menu.drawer).toBeVisible();
    await expect(page.getByText("Закрыть меню")).toBeAttached();
    await menu.burger.click();
    await expect(menu.drawer).toBeHidden();

    await menu.burger.click();
    await expect(menu.drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu.drawer).toBeHidden();
  });

  test("search goes to /search?q=…, then the field is cleared and the menu closed", async ({ page }) => {
    const menu = mobileMenu(page);
    await menu.burger.click();
    await menu.search.fill("Сеятель");
    await menu.drawer.getByRole("button", { name: "Найти" }).click();
    await expect(page).toHaveURL("/search?q=%D0%A1%D0%B5%D1%8F%D1%82%D0%B5%D0%BB%D1%8C");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Результаты поиска «Сеятель»");
    await expect(menu.drawer).toBeHidden();
    await expect(menu.search).toHaveValue("");
    await expectSameDocument(page);

    // Opened again, the menu shows an empty field, ready for the next search.
    await menu.burger.click();
    await expect(menu.search).toBeVisible();
    await expect(menu.search).toHaveValue("");
  });
});

test.describe("catalogue dropdown", () => {
  test.use({ viewport: desktop });

  test("opens on click, stays open on the way to its links and closes when the mouse leaves", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const catalogue = page.getByRole("navigation", { name: "Основное меню" }).locator("details");
    const summary = catalogue.locator("summary");
    const bullion = catalogue.getByRole("link", { name: "Инвестиционные монеты" });
    await expect(bullion).toBeHidden();

    await summary.click();
    await expect(bullion).toBeVisible();

    // Move down from 'Каталог' to a child link as a person would: the menu must not close.
    const from = (await summary.boundingBox())!;
    const to = (await bullion.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.move(to.x + 24, to.y + to.height / 2, { steps: 12 });
    await expect(bullion).toBeVisible();

    await page.mouse.move(640, 700, { steps: 8 });
    await expect(bullion).toBeHidden();
    await expect(catalogue).not.toHaveAttribute("open");

    // Opened again, a child link navigates and the dropdown is closed on the new page.
    await markDocument(page);
    await summary.click();
    await catalogue.getByRole("link", { name: "Памятные монеты" }).click();
    await expect(page).toHaveURL("/catalog/memorable-coins");
    await expect(catalogue).not.toHaveAttribute("open");
    await expectSameDocument(page);
  });
});

test.describe("client-side navigation", () => {
  test.use({ viewport: desktop });

  test("menu, product and footer links open their pages in place, not the 404 page", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await markDocument(page);
    const heading = page.getByRole("heading", { level: 1 });

    await page.getByRole("navigation", { name: "Основное меню" }).getByRole("link", { name: "Золото" }).click();
    await expect(page).toHaveURL("/catalog/gold");
    // The address changes before the new page renders: wait for it (the home page lists coins too).
    await expect(heading).toHaveText("Золотые монеты");

    const product = page.locator('main a[href^="/products/"]').first();
    const href = await product.getAttribute("href");
    await product.click();
    await expect(page).toHaveURL(href!);
    await expect(heading).toBeVisible();
    await expect(heading).not.toHaveText("Страница не найдена");

    await page.getByTestId("site-footer").getByRole("link", { name: "Обмен и возврат" }).click();
    await expect(page).toHaveURL("/return");
    await expect(heading).not.toHaveText("Страница не найдена");
    await expectSameDocument(page);
  });
});

test.describe("console", () => {
  test("no errors or warnings while loading and browsing pages", async ({ page }) => {
    const problems = watchConsole(page);
    for (const [viewport, paths] of [
      [phone, ["/", "/cart", "/checkout"]],
      [desktop, ["/", "/catalog", "/about", "/search?q=%D0%BC%D0%BE%D0%BD%D0%B5%D1%82%D0%B0", "/login", "/products/georgiy-pobedonosec-50-rubley-mmd"]],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const path of paths) {
        await page.goto(path);
        await waitForHydration(page);
      }
    }
    // Client-side navigation as well: links of the header and the footer.
    await page.getByRole("navigation", { name: "Основное меню" }).getByRole("link", { name: "Контакты" }).click();
    await expect(page).toHaveURL("/contacts");
    await page.getByTestId("site-footer").getByRole("link", { name: "Сертификаты" }).click();
    await expect(page).toHaveURL("/certificates");
    await page
      .getByRole("link", { name: /на главную/ })
      .first()
      .click();
    await expect(page).toHaveURL("/");
    // The home page has rendered (its data and module were loaded before the URL changed).
    await expect(page.locator("#home-title")).toBeVisible();
    expect(problems).toEqual([]);
  });
});
