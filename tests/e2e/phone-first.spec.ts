// The shop laid out phone first, and the layout defects found on a walk-through, as a
// buyer on a 390×844 phone and on a 1366 px desktop sees them. Runs with JavaScript on and off.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { phone, waitForHydration } from "./helpers.ts";
import { addCoinToCart, coinHref, placeUnpaidOrder, signIn, wide } from "./layout-steps.ts";

/** The header stack (everything above <main>) may take at most a fifth of a phone's screen. */
const HEADER_SHARE = 0.2;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, "the element is laid out").not.toBeNull();
  return found!;
}

/** True when the whole element lies within the first screen (the page not scrolled). */
async function expectOnFirstScreen(page: Page, locator: Locator, what: string) {
  const { y, height } = await box(locator);
  expect(y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(y + height, `${what}: bottom within the first ${page.viewportSize()!.height} px`).toBeLessThanOrEqual(page.viewportSize()!.height);
}

async function headerStack(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector("main")!.getBoundingClientRect().top + window.scrollY);
}

test.describe("a phone's first screen", () => {
  test.use({ viewport: phone });

  test("/catalog shows the first card's price on the first screen", async ({ page }) => {
    await page.goto("/catalog");
    await expectOnFirstScreen(page, page.getByTestId("product-card").first().getByTestId("price"), "first card's price");
    // The count and 'Фильтры' share one line; the sort is one control.
    const count = await box(page.getByTestId("listing-count"));
    expect(count.height).toBeLessThan(30);
    await expect(page.getByRole("combobox", { name: "Сортировка" })).toBeVisible();
  });

  test("the sort is one select that keeps the filters, with and without JavaScript", async ({ page, javaScriptEnabled }) => {
    await page.goto("/catalog?metal=gold");
    if (javaScriptEnabled) await waitForHydration(page);
    const sort = page.getByRole("form", { name: "Сортировка" });
    await sort.getByRole("combobox").selectOption("price-asc");
    // With JavaScript the choice applies at once and there is no button; without it, 'Показать' sends it.
    if (javaScriptEnabled) await expect(sort.getByRole("button")).toHaveCount(0);
    else await sort.getByRole("button", { name: "Показать" }).click();
    await expect(page).toHaveURL("/catalog?metal=gold&sort=price-asc");
    await expect(page.getByRole("combobox", { name: "Сортировка" })).toHaveValue("price-asc");
    await expect(page.getByTestId("product-card").first()).toBeVisible();
  });

  test("a coin page shows its name, price, premium, stock and 'В корзину' on the first screen", async ({ page }) => {
    await page.goto(await coinHref(page));
    const buy = page.getByRole("region", { name: "Цена и покупка" });
    await expectOnFirstScreen(page, page.getByRole("heading", { level: 1 }), "name");
    await expectOnFirstScreen(page, buy.getByTestId("price"), "price");
    await expectOnFirstScreen(page, buy.getByText("Цена грамма чистого металла"), "price per gram");
    await expectOnFirstScreen(page, buy.getByText(/В наличии: \d+ шт\./), "stock");
    await expectOnFirstScreen(page, buy.getByRole("button", { name: "В корзину" }), "'В корзину'");
    await expectOnFirstScreen(page, page.getByRole("region", { name: "Фотографии" }).getByRole("img").first(), "the first picture");
  });

  test("a coin page keeps price and 'В корзину' at the bottom edge once the buyer has scrolled past them", async ({ page }) => {
    await page.goto(await coinHref(page));
    const bar = page.getByTestId("buy-bar");
    // Not on the first screen, where the buy form itself is.
    await expect(bar).toBeHidden();
    await page.getByRole("heading", { name: "Характеристики" }).scrollIntoViewIfNeeded();
    await page.getByRole("heading", { name: "Похожие монеты" }).scrollIntoViewIfNeeded();
    await expect(bar).toBeVisible();
    await expect(bar).toBeInViewport({ ratio: 1 });
    const { y, height } = await box(bar);
    expect(y + height).toBeCloseTo(phone.height, 0);
    const price = await page.getByRole("region", { name: "Цена и покупка" }).getByTestId("price").textContent();
    await expect(bar).toContainText(price!.trim());
    await expect(bar.getByRole("button", { name: "В корзину" })).toBeVisible();
  });

  test("the header stack takes at most a fifth of the screen on /, /catalog, a coin, /cart and /checkout", async ({ page }) => {
    const coin = await addCoinToCart(page);
    for (const path of ["/", "/catalog", coin, "/cart", "/checkout"]) {
      await page.goto(path);
      expect(await headerStack(page), `header stack on ${path}`).toBeLessThanOrEqual(phone.height * HEADER_SHARE);
    }
    // On cart and checkout the header sticks to the top edge, still no taller.
    await page.goto("/checkout");
    await page.getByLabel("Имя", { exact: true }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const header = await box(page.getByTestId("site-header"));
    expect(header.y).toBe(0);
    expect(header.height).toBeLessThanOrEqual(phone.height * HEADER_SHARE);
  });

  test("one compact header row: menu, logo with the shop's name, search, badges and 'Войти'", async ({ page }) => {
    await page.goto("/");
    const header = page.getByTestId("site-header");
    const parts = [
      header.getByTestId("mobile-menu").locator("summary"),
      header.getByRole("link", { name: /на главную/ }).first(),
      header.getByRole("link", { name: "Поиск" }),
      header.getByTestId("compare-link"),
      header.getByTestId("wishlist-link"),
      header.getByTestId("cart-link"),
      header.getByRole("link", { name: "Войти" }),
    ];
    const boxes = await Promise.all(parts.map(box));
    const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
    for (const [index, b] of boxes.entries()) {
      expect(Math.abs(middle(b) - middle(boxes[0]!)), `part ${index} on the same row`).toBeLessThan(4);
      expect(b.x + b.width, `part ${index} within the screen`).toBeLessThanOrEqual(phone.width);
    }
    await expect(parts[1]!.getByText("Аурум", { exact: true })).toBeVisible();
    // The ratings and the phone are not in the header row.
    await expect(header.getByRole("link", { name: /Авито/ })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "+7 (495) 269-69-99" })).toHaveCount(0);
    // The free-delivery banner is one line.
    expect((await box(page.getByTestId("delivery-banner"))).height).toBeLessThan(30);
    // The ratings and the phone are in the side menu (the burger opens it without JavaScript too).
    await parts[0]!.click();
    const drawer = page.getByRole("navigation", { name: "Меню сайта" });
    await expect(drawer.getByRole("link", { name: /Авито/ })).toBeVisible();
    await expect(drawer.getByRole("link", { name: /Яндекс/ })).toBeVisible();
    await expect(drawer.getByRole("link", { name: "+7 (495) 269-69-99" }).first()).toBeVisible();
  });

  test("the quotes bar is one line whose arrows are drawn", async ({ page }) => {
    await page.goto("/");
    const bar = page.getByTestId("quotes-bar");
    expect((await box(bar)).height).toBeLessThan(40);
    const first = bar.getByRole("listitem").first();
    const arrow = await box(first.locator("svg"));
    expect(arrow.width).toBeGreaterThanOrEqual(12);
    expect(arrow.height).toBeGreaterThanOrEqual(12);
  });

  test("catalogue chips scroll in one row and 'В корзину' fits its card on one line", async ({ page }) => {
    await page.goto("/catalog");
    const chips = page.getByRole("navigation", { name: "Разделы" }).getByRole("link");
    const tops = await chips.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    const button = page.getByTestId("product-card").first().getByRole("button", { name: "В корзину" });
    const lineHeight = await button.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 24);
    const { height } = await box(button);
    // One line of text in a 44 px button: two lines would need 2 × line height.
    expect(height).toBeLessThan(2 * lineHeight);
  });

  test("the cart's line total does not sit on the '+' button", async ({ page }) => {
    await addCoinToCart(page);
    await page.goto("/cart");
    const line = page.getByTestId("cart-line").first();
    const plus = await box(line.getByRole("button", { name: /Увеличить количество/ }));
    const total = await box(line.getByText(/₽$/).last());
    const overlap = !(total.x >= plus.x + plus.width || plus.x >= total.x + total.width || total.y >= plus.y + plus.height || plus.y >= total.y + total.height);
    expect(overlap, `line total ${JSON.stringify(total)} over '+' ${JSON.stringify(plus)}`).toBe(false);
    // Nothing covers the '+' button: a tap at its centre hits it.
    const hit = await line.getByRole("button", { name: /Увеличить количество/ }).evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2) === element;
    });
    expect(hit).toBe(true);
    // The summary and 'Оформить заказ' are on the screen without scrolling.
    await expect(page.getByRole("link", { name: "Оформить заказ" })).toBeInViewport();
  });

  test("checkout keeps the amount to pay in reach and leads to the summary", async ({ page }) => {
    await addCoinToCart(page);
    await page.goto("/checkout");
    const bar = page.getByTestId("total-bar");
    await expect(bar).toBeInViewport({ ratio: 1 });
    await expect(bar).toContainText((await page.getByTestId("order-total").textContent())!.trim());
    await bar.getByRole("link", { name: "К оформлению" }).click();
    await expect(page.getByRole("complementary", { name: "Итого" })).toBeInViewport();
  });
});

test.describe("error page", () => {
  test("the header's phone is readable on the white header", async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto("/no/such/page/here");
    const link = page.getByRole("link", { name: "+7 (495) 269-69-99" }).first();
    await expect(link).toBeVisible();
    const ratio = await link.evaluate((element) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (css: string) => {
        const [r, g, b] = css.match(/\d+(\.\d+)?/g)!.map(Number);
        return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
      };
      let ground: Element | null = element;
      while (ground && getComputedStyle(ground).backgroundColor.match(/rgba\(.*, 0\)|transparent/)) ground = ground.parentElement;
      const [a, b] = [luminance(getComputedStyle(element).color), luminance(getComputedStyle(ground ?? document.body).backgroundColor)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
});

test.describe("desktop at 1366 px", () => {
  test.use({ viewport: wide });

  test("the quotes figures stay on one line with nothing empty under the bar, and the search shows its placeholder", async ({ page }) => {
    await page.goto("/catalog");
    const tops = await page
      .getByTestId("quotes-bar")
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(tops).toHaveLength(5);
    expect(new Set(tops).size).toBe(1);
    const bar = await box(page.getByTestId("quotes-bar"));
    const banner = await box(page.getByTestId("delivery-banner"));
    expect(banner.y - (bar.y + bar.height)).toBeLessThanOrEqual(1);

    const room = await page.locator("#header-search").evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(input.placeholder).width;
      return input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - text;
    });
    expect(room, "room left beside 'Поиск монет'").toBeGreaterThanOrEqual(0);
  });

  test("'Найти город' lines up with its field", async ({ page }) => {
    await page.goto("/checkout");
    await addCoinToCart(page);
    await page.goto("/checkout");
    const field = await box(page.getByLabel("Другой город"));
    const button = await box(page.getByRole("button", { name: "Найти город" }));
    expect(Math.abs(field.y + field.height - (button.y + button.height))).toBeLessThanOrEqual(1);
  });

  test("/cabinet/create shows its form in the middle, and 'Оплатить ещё раз' is a filled button", async ({ page, baseURL, javaScriptEnabled }) => {
    test.setTimeout(60_000);
    const buyer = await signIn(page, baseURL!);
    await page.goto("/cabinet/create");
    const form = await box(page.getByRole("button", { name: "Завершить регистрацию" }));
    const centre = form.x + form.width / 2;
    expect(Math.abs(centre - wide.width / 2)).toBeLessThan(40);

    await buyer.completeProfile();
    await addCoinToCart(page);
    await placeUnpaidOrder(page, buyer.phone, javaScriptEnabled);
    const background = await page.getByTestId("pay-again").evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toMatch(/rgba\(0, 0, 0, 0\)|rgb\(255, 255, 255\)/);
  });
});
