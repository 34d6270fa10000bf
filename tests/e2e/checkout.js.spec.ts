// Checkout with JavaScript: the same form, enhanced. A new delivery applies at once (no
// button press), the point list appears after the spec's 500 ms, the order is placed and paid.
import { expect, test } from "@playwright/test";
import { waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { desktop, waitForHydration } from "./helpers.ts";
import { smsOutboxFile } from "./outbox.ts";

test.use({ viewport: desktop });

test("a signed-in buyer changes delivery without reloads and pays", async ({ page }) => {
  // Sign in first through the modal's no-JS twin (/login), as the auth specs cover the modal.
  await page.goto("/login?redirectTo=%2Fcatalog%2Fgold");
  const digits = `927${String(Date.now()).slice(-7)}`;
  await page.getByLabel("Телефон").fill(`8${digits}`);
  await page.getByRole("button", { name: "Продолжить" }).click();
  const code = await waitForSmsCode(smsOutboxFile(Number(process.env.E2E_PORT ?? 3107)), `+7${digits}`);
  await page.getByLabel("Код из SMS").fill(code);
  await page.getByRole("button", { name: "Войти" }).click();
  await page.getByLabel("ФИО").fill("Орлов Игорь");
  await page.getByLabel("E-mail").fill("igor@example.ru");
  await page.getByLabel(/Согласен на обработку/).check();
  await page.getByRole("button", { name: "Завершить регистрацию" }).click();
  await expect(page).toHaveURL(/\/catalog\/gold$/);

  await waitForHydration(page);
  await page.getByRole("button", { name: "В корзину" }).first().click();
  await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("1");

  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByLabel("Фамилия")).toHaveValue("Орлов");
  await page.getByLabel("Телефон").fill("+7 (927) 000-11-22");
  // Courier: applied on change; the address fields appear without pressing any button.
  await page.getByTestId("delivery-45").check();
  await expect(page.getByLabel("Улица")).toBeVisible();
  await expect(page.getByLabel("Телефон")).toHaveValue("+7 (927) 000-11-22");
  // Back to a free pickup point: the list shows up after a short delay.
  await page.getByTestId("delivery-76").check();
  await expect(page.getByTestId("point-list")).toBeVisible();
  await page.getByTestId("point-list").getByRole("radio").first().check();
  await expect(page.getByTestId("delivery-total")).toHaveText("Бесплатно");

  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/payment\/sandbox\//);
  await page.getByRole("button", { name: "Оплатить" }).click();
  await expect(page).toHaveURL(/\/thanks\?order=\d+$/);
  await expect(page.getByTestId("order-status")).toHaveText("Оплачен");
  const pushed = await page.evaluate(() => JSON.stringify((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []));
  expect(pushed).toContain('"purchase"');
  expect(pushed).toContain('"currencyCode":"RUB"');
});
