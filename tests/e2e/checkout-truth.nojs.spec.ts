// The walk-through's exact steps without JavaScript: 'Курьер СДЭК' ticked but
// not applied, then 'Оформить заказ'. The shop must not place a courier order at a total the
// page never showed, to an address from an earlier draft; it shows the new terms and asks again.
import { expect, test } from "./fixtures.ts";
import { phone, signInAndFillCheckout } from "./helpers.ts";
import { addCoinToCart, wide } from "./layout-steps.ts";

for (const viewport of [phone, wide]) {
  test(`a courier ticked but not applied is shown and asked again, not ordered (${viewport.width} px)`, async ({ page, baseURL }, testInfo) => {
    await page.setViewportSize(viewport);
    await addCoinToCart(page);
    await signInAndFillCheckout(page, baseURL!, false, { pickupPoint: false });

    // An earlier draft: courier to an old address, then back to the free pickup point.
    await page.getByTestId("delivery-45").check();
    await page.getByRole("button", { name: "Применить способ доставки" }).click();
    await page.getByLabel("Улица").fill("Старая улица");
    await page.getByLabel("Дом, корпус").fill("13");
    await page.getByTestId("delivery-76").check();
    await page.getByRole("button", { name: "Применить способ доставки" }).click();
    await expect(page.getByTestId("delivery-total")).toHaveText("Бесплатно");
    await expect(page.getByLabel("Улица")).toHaveCount(0);
    await page.getByTestId("point-list").getByRole("radio").first().check();
    const shownTotal = await page.getByTestId("order-total").textContent();

    // Tick 'Курьер СДЭК', do not apply it, press 'Оформить заказ'.
    await page.getByTestId("delivery-45").check();
    await page.getByTestId("place-order").click();

    await expect(page).toHaveURL(/\/checkout#order-changed$/);
    const notice = page.getByTestId("order-changed");
    await expect(notice).toContainText("Заказ не оформлен");
    await expect(notice).toContainText(/Доставка: было «Бесплатно до пункта выдачи», стало «Курьер СДЭК»/);
    // In view, below the sticky header (not hidden under it).
    await expect(notice).toBeInViewport();
    const header = await page.getByTestId("site-header").boundingBox();
    const box = await notice.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
    await page.screenshot({ path: testInfo.outputPath(`order-changed-${viewport.width}.png`) });

    // The page now shows what would be ordered: the courier, its price and the old address.
    await expect(page.getByTestId("delivery-45")).toBeChecked();
    await expect(page.getByTestId("delivery-total")).not.toHaveText("Бесплатно");
    await expect(page.getByTestId("order-total")).not.toHaveText(shownTotal!);
    await expect(page.getByLabel("Улица")).toHaveValue("Старая улица");
    const total = await page.getByTestId("order-total").textContent();
    await page.getByLabel("Улица").fill("Новая улица");

    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/payment\/sandbox\//);
    await page.getByRole("button", { name: "Отменить" }).click();
    await expect(page).toHaveURL(/\/payment-error\?order=\d+$/);
    await page.goto(`/my/orders/${new URL(page.url()).searchParams.get("order")}`);
    await expect(page.getByTestId("order-total")).toHaveText(total!);
    await expect(page.getByText(/Новая улица/)).toBeVisible();
  });
}
