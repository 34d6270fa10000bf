// Walk-through item 12, with JavaScript: a quantity typed in the cart is not lost when the buyer
// leaves the field for the way on without pressing 'Пересчитать'; a refused one is named.
import { expect, test } from "./fixtures.ts";
import { phone, waitForHydration } from "./helpers.ts";

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto("/products/300-letie-poltavskoy-bitvy-3-rublya-2009");
  await page.getByRole("region", { name: "Цена и покупка" }).getByRole("button", { name: "В корзину" }).click();
  await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("1");
  await page.goto("/cart");
  await waitForHydration(page);
});

test("a quantity typed and left for 'Оформить заказ' is the quantity at checkout", async ({ page }) => {
  await page.getByTestId("line-quantity").fill("3");
  await page.getByRole("link", { name: "Оформить заказ" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Оформление заказа");
  await expect(page.getByLabel(/^Количество:/)).toHaveValue("3");
  await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("3");
});

test("a quantity typed and left is applied on the cart page too; a refused one is named and the field shows what the total is for", async ({
  page,
}, testInfo) => {
  const field = page.getByTestId("line-quantity");
  await field.fill("2");
  await field.blur();
  await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("2");
  await expect(page.getByText("2 монеты")).toBeVisible();

  await field.fill("99999");
  await field.blur();
  await expect(page.getByTestId("quantity-error")).toContainText(/^Введено 99999\. Количество не изменено: (доступно \d+ шт\.|не больше)/);
  await expect(field).toHaveValue("2");
  await page.screenshot({ path: testInfo.outputPath("cart-refused-js.png"), fullPage: true });
});
