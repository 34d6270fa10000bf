// 'Очистить корзину' (issue 21, item 25) asks before emptying the cart, with and without
// JavaScript: 'Отмена' keeps every coin, 'Да, очистить' empties it.
import { expect, test } from "@playwright/test";
import { phone, waitForHydration } from "./helpers.ts";

test.use({ viewport: phone });

test("clearing the cart asks first; 'Отмена' keeps the coins, 'Да, очистить' removes them", async ({ page, javaScriptEnabled }) => {
  await page.goto("/products/georgiy-pobedonosec-50-rubley-spmd");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("region", { name: "Цена и покупка" }).getByRole("button", { name: "В корзину" }).click();
  const cartBadge = page.getByTestId("cart-link").getByTestId("count-badge");
  await expect(cartBadge).toHaveText("1");

  await page.goto("/cart");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("button", { name: "Очистить корзину" }).click();
  const question = page.getByTestId("clear-cart-confirm");
  await expect(question).toBeVisible();
  await expect(question).toBeInViewport();
  await expect(question).toContainText("Очистить корзину? Будут убраны все 1 монета.");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);

  await question.getByRole("link", { name: "Отмена" }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(cartBadge).toHaveText("1");

  await page.getByRole("button", { name: "Очистить корзину" }).click();
  await page.getByTestId("clear-cart-confirm").getByRole("button", { name: "Да, очистить" }).click();
  await expect(page.getByText("В корзине пока ничего нет.")).toBeVisible();
  await expect(cartBadge).toHaveCount(0);
});
