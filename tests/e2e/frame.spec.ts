// The frame as the HTML and CSS alone deliver it: runs with JavaScript on and off.
import { expect, test } from "./fixtures.ts";
import { desktop, phone } from "./helpers.ts";

test.describe("header", () => {
  test("a newcomer sees no count badges on cart, wishlist and comparison", async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.goto("/");
    const header = page.getByTestId("site-header");
    for (const id of ["cart-link", "wishlist-link", "compare-link"]) {
      await expect(header.getByTestId(id)).toBeVisible();
    }
    await expect(page.getByTestId("count-badge")).toHaveCount(0);
  });

  test("the cart icon leads to checkout", async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.goto("/");
    await page.getByTestId("cart-link").click();
    await expect(page).toHaveURL("/checkout");
  });

  test("the contacts panel opens on hover and on keyboard focus", async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.goto("/");
    // The top bar's panel is the first in the document (the drawer has its own copy).
    const panel = page.getByTestId("phones-panel").first();
    const phoneLink = page.getByTestId("site-header").getByRole("link", { name: "+7 (495) 269-69-99" }).first();
    await expect(panel).toBeHidden();

    await phoneLink.hover();
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("+7 (800) 500-29-72");
    await expect(panel).toContainText("доб. 107");
    // Text must be readable: dark on the panel's light background.
    const colours = await panel.evaluate((element) => {
      const style = getComputedStyle(element);
      return { color: style.color, background: style.backgroundColor };
    });
    expect(colours.color).not.toBe(colours.background);

    await page.mouse.move(640, 700);
    await expect(panel).toBeHidden();

    // Keyboard: Tab from the rating link before it onto the phone.
    await page
      .getByTestId("site-header")
      .getByRole("link", { name: /Яндекс/ })
      .focus();
    await page.keyboard.press("Tab");
    await expect(phoneLink).toBeFocused();
    await expect(panel).toBeVisible();
  });

  test("the frame fits the screen without sideways scrolling", async ({ page }) => {
    // A page with little content of its own, so what is measured is the header and footer.
    for (const width of [320, 390, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/about");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow at ${width}px`).toBe(0);
    }
  });
});

test.describe("quotes bar", () => {
  test("shows on the home page of a phone", async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto("/");
    await expect(page.getByTestId("quotes-bar")).toBeVisible();
  });

  test("is hidden on phones on /cart and /checkout, and shown there on large screens", async ({ page }) => {
    for (const path of ["/cart", "/checkout"]) {
      await page.setViewportSize(phone);
      await page.goto(path);
      await expect(page.getByTestId("quotes-bar"), `${path} at 390px`).toBeHidden();
      await page.setViewportSize(desktop);
      await expect(page.getByTestId("quotes-bar"), `${path} at 1280px`).toBeVisible();
    }
  });

  test("on /cart and /checkout the header sticks to the top while scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto("/cart");
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const top = await page.getByTestId("site-header").evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBe(0);
  });
});

test.describe("error page", () => {
  test("an unknown address shows the 404 page, whose button goes home", async ({ page }) => {
    const response = await page.goto("/no/such/page/on/this/site");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Страница не найдена");
    await expect(page.getByText("Мы сожалеем, но страница на которую вы попытались перейти не существует.")).toBeVisible();
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Перейти на главную" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Страница не найдена");
  });
});

test.describe("footer", () => {
  test("shows the privacy policy, payment logos and copyright", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByTestId("site-footer");
    await expect(footer.getByRole("link", { name: "Политика обработки персональных данных" })).toHaveAttribute("href", "/docs/privacy.pdf");
    for (const name of ["Мир", "Visa", "Mastercard", "СБП", "ЮKassa"]) {
      const logo = footer.getByRole("img", { name });
      await logo.scrollIntoViewIfNeeded();
      // The logo file loaded (a broken image has no natural width).
      await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    }
    const moscowYear = new Intl.DateTimeFormat("en", { timeZone: "Europe/Moscow", year: "numeric" }).format(new Date());
    await expect(footer).toContainText(`© 2000–${moscowYear}`);
  });

  test("the privacy policy file is served", async ({ request }) => {
    const response = await request.get("/docs/privacy.pdf");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
  });
});
