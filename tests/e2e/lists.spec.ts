// A buyer collects coins: from a product page to the cart, changing the quantity and
// removing the coin. Runs in both projects: with JavaScript the forms go through fetchers,
// without it every button is a POST that redirects back.
import { expect, test } from "./fixtures.ts";
import { desktop, waitForHydration } from "./helpers.ts";

const slug = "georgiy-pobedonosec-50-rubley-spmd";

test.use({ viewport: desktop });

test("product → cart → change quantity → remove", async ({ page, javaScriptEnabled }) => {
  await page.goto(`/products/${slug}`);
  if (javaScriptEnabled) await waitForHydration(page);
  const buy = page.getByRole("region", { name: "Цена и покупка" });
  await buy.getByLabel("Количество").fill("2");
  await buy.getByRole("button", { name: "В корзину" }).click();

  const cartBadge = page.getByTestId("cart-link").getByTestId("count-badge");
  await expect(cartBadge).toHaveText("2");
  if (!javaScriptEnabled) await expect(page.getByTestId("flash")).toHaveText("Добавлено в корзину");

  // The header's cart icon leads to checkout (spec section 2); the cart page is /cart.
  await page.goto("/cart");
  if (javaScriptEnabled) await waitForHydration(page);
  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId("line-quantity")).toHaveValue("2");

  await line.getByRole("button", { name: /^Увеличить количество/ }).click();
  await expect(line.getByTestId("line-quantity")).toHaveValue("3");
  await expect(cartBadge).toHaveText("3");
  await line.getByRole("button", { name: /^Уменьшить количество/ }).click();
  await expect(line.getByTestId("line-quantity")).toHaveValue("2");
  await expect(cartBadge).toHaveText("2");

  await line.getByRole("button", { name: "Удалить" }).click();
  await expect(page.getByText("В корзине пока ничего нет.")).toBeVisible();
  await expect(cartBadge).toHaveCount(0);
});

test("wishlist and comparison from catalogue cards", async ({ page, javaScriptEnabled }) => {
  await page.goto("/catalog/gold/monety-georgiy-pobedonosec");
  if (javaScriptEnabled) await waitForHydration(page);
  const cards = page.getByTestId("product-card");
  await cards
    .nth(0)
    .getByRole("button", { name: /^Добавить в избранное/ })
    .click();
  await expect(page.getByTestId("wishlist-link").getByTestId("count-badge")).toHaveText("1");
  await cards
    .nth(0)
    .getByRole("button", { name: /^Добавить к сравнению/ })
    .click();
  await cards
    .nth(1)
    .getByRole("button", { name: /^Добавить к сравнению/ })
    .click();
  await expect(page.getByTestId("compare-link").getByTestId("count-badge")).toHaveText("2");

  await page.getByTestId("compare-link").click();
  await expect(page.getByTestId("comparison")).toBeVisible();
  await expect(page.locator("tr[data-differs]").first()).toBeVisible();
  await page.getByRole("button", { name: "Очистить сравнение" }).click();
  await expect(page.getByText(/Добавьте монеты к сравнению/)).toBeVisible();
});
