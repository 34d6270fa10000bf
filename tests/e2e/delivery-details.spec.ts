// Delivery details at checkout and on the order page, on a phone
// and a desktop, with and without JavaScript: office pickup shows the office's address and
// hours, special delivery switches payment to 'При получении', one option per carrier service,
// a floor of −3 is refused, and the order page shows apartment, entrance, floor and the note.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { phone, waitForHydration } from "./helpers.ts";
import { addCoinToCart, chooseDelivery, chooseFirstPickupSlot, horizontalOverflow, signIn, wide } from "./layout-steps.ts";

const shots = process.env.SCREENSHOTS_DIR;

async function openCheckout(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/checkout");
  if (javaScriptEnabled) await waitForHydration(page);
}

/** Places the order shown and pays it in the sandbox; returns the order id. */
async function placeAndPay(page: Page): Promise<string> {
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/payment\/sandbox\//);
  await page.getByRole("button", { name: "Оплатить" }).click();
  await expect(page).toHaveURL(/\/thanks\?order=\d+$/);
  return new URL(page.url()).searchParams.get("order")!;
}

for (const viewport of [phone, wide]) {
  test(`checkout and order page details at ${viewport.width} px`, async ({ page, javaScriptEnabled, baseURL }) => {
    test.setTimeout(120_000);
    const mode = javaScriptEnabled ? "js" : "nojs";
    await page.setViewportSize(viewport);
    const buyer = await signIn(page, baseURL!);
    await buyer.completeProfile();
    await addCoinToCart(page);
    await openCheckout(page, javaScriptEnabled);
    await page.getByLabel("Телефон").fill(buyer.phone);

    // One option per service: the free point and locker, no paid twins beside them.
    await expect(page.locator('input[name="deliveryId"]')).toHaveCount(5);
    await expect(page.getByTestId("delivery-79")).toHaveCount(0);

    // Office pickup: the office's address and hours.
    await chooseDelivery(page, 35, javaScriptEnabled);
    const office = page.getByTestId("delivery-note-35");
    await expect(office).toBeVisible();
    await expect(office).toContainText("Мясницкая, д. 24/7");
    await expect(office).toContainText("Пн–Чт 10:00–18:00, Пт 10:00–17:00");
    expect(await horizontalOverflow(page)).toBe(0);
    if (shots) {
      await page.locator("#delivery").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/checkout-office-${viewport.width}-${mode}.png` });
    }

    // Special delivery is explained and switches payment to 'При получении'.
    await expect(page.getByTestId("delivery-note-43")).toContainText("сотрудник магазина");
    await chooseDelivery(page, 43, javaScriptEnabled);
    await expect(page.getByRole("radio", { name: /^При получении/ })).toBeChecked();

    // Courier: a floor of −3 is refused with a Russian message, then the order goes through.
    await chooseDelivery(page, 45, javaScriptEnabled);
    await expect(page.getByRole("radio", { name: /^Онлайн картой/ })).toBeChecked();
    await page.getByLabel("Улица").fill("Тверская");
    await page.getByLabel("Дом, корпус").fill("7");
    await page.getByLabel("Квартира, офис").fill("12А");
    await page.getByLabel("Подъезд").fill("2");
    await page.getByLabel("Этаж").fill("−3");
    await page.getByLabel("Сообщение курьеру").fill("Домофон не работает — позвоните за полчаса");
    await page.getByTestId("place-order").click();
    await expect(page.getByText("Этаж — число от 1 до 99").first()).toBeVisible();
    await page.getByLabel("Этаж").fill("5");
    const courierOrder = await placeAndPay(page);

    await page.goto(`/my/orders/${courierOrder}`);
    await expect(page.getByTestId("order-delivery")).toContainText("Тверская, 7, кв./оф. 12А, подъезд 2, этаж 5");
    await expect(page.getByTestId("order-courier-note")).toHaveText("Сообщение курьеру: Домофон не работает — позвоните за полчаса");
    expect(await horizontalOverflow(page)).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/order-courier-${viewport.width}-${mode}.png`, fullPage: true });

    // An office-pickup order: where and when to collect it, on /thanks and on the order page.
    await addCoinToCart(page);
    await openCheckout(page, javaScriptEnabled);
    await chooseDelivery(page, 35, javaScriptEnabled);
    await chooseFirstPickupSlot(page);
    const officeOrder = await placeAndPay(page);
    await expect(page.getByTestId("order-office-pickup")).toContainText("Мясницкая, д. 24/7");
    expect(await horizontalOverflow(page)).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/thanks-office-${viewport.width}-${mode}.png`, fullPage: true });
    await page.goto(`/my/orders/${officeOrder}`);
    await expect(page.getByTestId("order-office-pickup")).toContainText("Пн–Чт 10:00–18:00, Пт 10:00–17:00");
    expect(await horizontalOverflow(page)).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/order-office-${viewport.width}-${mode}.png`, fullPage: true });
  });
}
