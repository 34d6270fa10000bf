// With and without JavaScript: a quantity typed at checkout and 'Оформить заказ'
// pressed without 'Пересчитать' shows what changed (no false 'Цены изменились'), in view below
// the sticky header; pressing again places the order at the total now shown.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { phone, signInAndFillCheckout, waitForHydration } from "./helpers.ts";
import { wide } from "./layout-steps.ts";

/** A coin with plenty in stock (38 in the demo catalogue), put in the cart from its page. */
async function addCoinToCart(page: Page) {
  await page.goto("/products/300-letie-poltavskoy-bitvy-3-rublya-2009");
  await page.getByRole("region", { name: "Цена и покупка" }).getByRole("button", { name: "В корзину" }).click();
  await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("1");
}

for (const viewport of [phone, wide]) {
  test(`a quantity typed but not recalculated is named in view, then ordered as shown (${viewport.width} px)`, async ({
    page,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await addCoinToCart(page);
    await signInAndFillCheckout(page, baseURL!, javaScriptEnabled);
    await page.getByLabel(/^Количество:/).fill("2");
    await page.getByTestId("place-order").click();

    const notice = page.getByTestId("order-changed");
    await expect(notice).toContainText("было 1 шт., стало 2 шт.");
    await expect(page.getByTestId("update-prices")).toHaveCount(0);
    await expect(notice).toBeInViewport();
    const header = await page.getByTestId("site-header").boundingBox();
    const box = await notice.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
    await page.screenshot({ path: testInfo.outputPath(`quantity-changed-${viewport.width}.png`) });
    await expect(page.getByLabel(/^Количество:/)).toHaveValue("2");
    const total = await page.getByTestId("order-total").textContent();

    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/payment\/sandbox\//);
    await page.getByRole("button", { name: "Отменить" }).click();
    await expect(page).toHaveURL(/\/payment-error\?order=\d+$/);
    await page.goto(`/my/orders/${new URL(page.url()).searchParams.get("order")}`);
    await expect(page.getByTestId("order-total")).toHaveText(total!);
  });

  test(`a bad quantity in the cart is named at its line and changes nothing (${viewport.width} px)`, async ({ page, javaScriptEnabled }, testInfo) => {
    await page.setViewportSize(viewport);
    await addCoinToCart(page);
    await page.goto("/cart");
    if (javaScriptEnabled) await waitForHydration(page);
    const field = page.getByTestId("cart-line").getByTestId("line-quantity");
    await field.fill("99999");
    await page.getByTestId("recount").click();
    await expect(page.getByTestId("quantity-error")).toContainText(/Количество не изменено: (доступно \d+ шт\.|не больше)/);
    await expect(page.getByTestId("cart-total")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`cart-refused-${viewport.width}.png`), fullPage: true });
    await page.goto("/cart");
    await expect(field).toHaveValue("1");

    await field.fill("3");
    await field.press("Enter");
    await expect(page.getByTestId("quantity-error")).toHaveCount(0);
    await expect(field).toHaveValue("3");
    await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("3");
    await page.screenshot({ path: testInfo.outputPath(`cart-${viewport.width}.png`), fullPage: true });
  });
}

test("a stale checkout tab does not undo the cart changed in a second tab: it says what changed, then orders what it shows", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  // Two tabs, a sign-in and two presses: more steps than the default 30 s allow on a busy machine.
  test.setTimeout(90_000);
  await page.setViewportSize(phone);
  await addCoinToCart(page);
  await signInAndFillCheckout(page, baseURL!, javaScriptEnabled);
  await expect(page.getByLabel(/^Количество:/)).toHaveValue("1");

  // A second tab: the cart goes to 2.
  const second = await context.newPage();
  await second.goto("/cart");
  if (javaScriptEnabled) await waitForHydration(second);
  await second.getByTestId("cart-line").getByTestId("line-quantity").fill("2");
  await second.getByTestId("recount").click();
  await expect(second.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("2");
  await second.close();

  // The first tab still shows 1 and is pressed as it is.
  await page.getByTestId("place-order").click();
  const notice = page.getByTestId("order-changed");
  await expect(notice).toContainText("было 1 шт., стало 2 шт.");
  await expect(notice).toBeInViewport();
  await expect(page.getByLabel(/^Количество:/)).toHaveValue("2");
  await page.screenshot({ path: testInfo.outputPath("stale-tab.png") });
  const total = await page.getByTestId("order-total").textContent();

  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/payment\/sandbox\//);
  await page.getByRole("button", { name: "Отменить" }).click();
  await expect(page).toHaveURL(/\/payment-error\?order=\d+$/);
  await page.goto(`/my/orders/${new URL(page.url()).searchParams.get("order")}`);
  await expect(page.getByTestId("order-total")).toHaveText(total!);
});
