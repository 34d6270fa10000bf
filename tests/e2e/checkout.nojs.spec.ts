// The whole purchase without JavaScript: catalogue, product, add to cart,
// checkout, sign in, city, delivery, pickup point, sandbox payment, /thanks, /my/orders.
import { expect, test } from "./fixtures.ts";
import { waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { phone } from "./helpers.ts";
import { smsOutboxFile } from "./outbox.ts";

test.use({ viewport: phone });

test("a buyer on a phone without JavaScript buys a coin and pays for it", async ({ page }) => {
  await page.goto("/catalog/silver");
  await page.getByTestId("product-card").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/products\//);
  const coinName = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await page.getByRole("button", { name: "В корзину" }).first().click();
  await expect(page.getByTestId("flash")).toHaveText(/Добавлено в корзину/);

  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-line")).toContainText(coinName);
  await expect(page.getByTestId("checkout-city")).toHaveText("Москва, Россия");
  await page.getByLabel("Фамилия").fill("Соколова");
  await page.getByLabel("Имя", { exact: true }).fill("Анна");
  await page.getByLabel("E-mail").fill("anna@example.ru");
  await page.getByLabel("Телефон").fill("+7 (925) 111-22-33");

  // Sign in: what was typed is kept on the server and is there after the round trip.
  await page.getByRole("button", { name: "Войти и оформить" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
  const digits = `926${String(Date.now()).slice(-7)}`;
  await page.getByLabel("Телефон").fill(`8${digits}`);
  await page.getByRole("button", { name: "Продолжить" }).click();
  const code = await waitForSmsCode(smsOutboxFile(Number(process.env.E2E_PORT ?? 3107)), `+7${digits}`);
  await page.getByLabel("Код из SMS").fill(code);
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page).toHaveURL(/\/cabinet\/create/);
  await page.getByLabel("ФИО").fill("Соколова Анна");
  await page.getByLabel("E-mail").fill("anna@example.ru");
  await page.getByLabel(/Согласен на обработку/).check();
  await page.getByRole("button", { name: "Завершить регистрацию" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel("Фамилия")).toHaveValue("Соколова");

  // Another city by search, then a pickup point from the plain list.
  await page.getByLabel("Другой город").fill("Екатер");
  await page.getByRole("button", { name: "Найти город" }).click();
  await page.getByRole("button", { name: /Екатеринбург/ }).click();
  await expect(page.getByTestId("checkout-city")).toContainText("Екатеринбург");
  await page.getByTestId("delivery-76").check();
  await page.getByRole("button", { name: "Применить способ доставки" }).click();
  await expect(page.getByTestId("delivery-76")).toBeChecked();
  const points = page.getByTestId("point-list").getByRole("radio");
  await expect(points.first()).toBeVisible();
  await points.nth(1).check();

  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/payment\/sandbox\//);
  await page.getByRole("button", { name: "Оплатить" }).click();

  await expect(page).toHaveURL(/\/thanks\?order=\d+$/);
  await expect(page.getByTestId("thanks")).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Оплачен");
  const number = (await page.getByTestId("order-number").textContent())!;

  await page.getByRole("link", { name: "Все мои заказы" }).click();
  await expect(page).toHaveURL(/\/my\/orders$/);
  await page.getByRole("link", { name: number }).click();
  await expect(page.getByText(coinName)).toBeVisible();
  await expect(page.getByText(/Екатеринбург/)).toBeVisible();
});
