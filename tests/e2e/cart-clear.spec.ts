// 'Очистить корзину' asks before emptying the cart, with and without
// JavaScript: 'Отмена' keeps every coin, 'Да, очистить' empties it.
import { expect, test } from "./fixtures.ts";
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
  // Not under the sticky header: the question's own text is the element at its place.
  const line = question.getByText(/^Очистить корзину\?/);
  const box = (await line.boundingBox())!;
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? "", { x: box.x + 5, y: box.y + box.height / 2 })).toMatch(
    /^Очистить корзину\?/,
  );
  await expect(question).toContainText("Очистить корзину? Все монеты (1 шт.) будут убраны.");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/cart-clear-390-${javaScriptEnabled ? "js" : "nojs"}.png` });

  await question.getByRole("link", { name: "Отмена" }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(cartBadge).toHaveText("1");

  await page.getByRole("button", { name: "Очистить корзину" }).click();
  await page.getByTestId("clear-cart-confirm").getByRole("button", { name: "Да, очистить" }).click();
  await expect(page.getByText("В корзине пока ничего нет.")).toBeVisible();
  await expect(cartBadge).toHaveCount(0);
});
