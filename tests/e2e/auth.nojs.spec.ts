// Sign-in without JavaScript: 'Войти' is a link to /login, each step a plain form, step 3
// in the blank layout, and back to the page the buyer came from.
import { expect, test } from "./fixtures.ts";
import { waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { desktop, expectNativeRefusal } from "./helpers.ts";
import { smsOutboxFile } from "./outbox.ts";

test.use({ viewport: desktop });

test("a new buyer signs in through /login and returns to the catalogue", async ({ page }) => {
  await page.goto("/catalog/silver");
  await page.getByRole("link", { name: "Войти" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcatalog%2Fsilver$/);
  await expect(page.getByRole("heading", { name: "Вход или регистрация" })).toBeVisible();

  const digits = `925${String(Date.now()).slice(-7)}`;
  await page.getByLabel("Телефон").fill(`8${digits}`);
  await page.getByRole("button", { name: "Продолжить" }).click();
  await expect(page.getByRole("heading", { name: "Введите код из SMS" })).toBeVisible();

  const code = await waitForSmsCode(smsOutboxFile(Number(process.env.E2E_PORT ?? 3107)), `+7${digits}`);
  await page.getByLabel("Код из SMS").fill(code);
  await page.getByRole("button", { name: "Войти" }).click();

  await expect(page).toHaveURL(/\/cabinet\/create$/);
  await expect(page.getByRole("heading", { level: 1, name: "Завершение регистрации" })).toBeVisible();
  // The browser stops the empty form first (native required); the server's words are there behind it.
  const finish = page.getByRole("button", { name: "Завершить регистрацию" });
  await finish.click();
  await expect(page).toHaveURL(/\/cabinet\/create$/);
  await expectNativeRefusal(page.locator("form", { has: finish }), [
    page.getByLabel("ФИО"),
    page.getByLabel("E-mail"),
    page.getByLabel(/Согласен на обработку/),
  ]);
  await finish.click();
  await expect(page.getByText("Обязательное поле").first()).toBeVisible();
  await page.getByLabel("ФИО").fill("Кузнецова Ольга");
  await page.getByLabel("E-mail").fill("olga@example.ru");
  await page.getByLabel(/Согласен на обработку/).check();
  await page.getByRole("button", { name: "Завершить регистрацию" }).click();

  await expect(page).toHaveURL(/\/catalog\/silver$/);
  await expect(page.getByTestId("flash")).toHaveText("Регистрация завершена");
  await page.goto("/my");
  await expect(page.getByText("Здравствуйте, Кузнецова Ольга!")).toBeVisible();
  await page.getByRole("button", { name: "Выйти" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Войти" })).toBeVisible();
});
