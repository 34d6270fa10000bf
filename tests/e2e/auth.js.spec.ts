// Sign-in in the modal (spec section 2): phone with its mask, the code checked at the
// fourth digit, the resend countdown, step 3 with its rules, and the header afterwards.
import { expect, test } from "./fixtures.ts";
import { waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { desktop, waitForHydration } from "./helpers.ts";
import { smsOutboxFile } from "./outbox.ts";

test.use({ viewport: desktop });

const outbox = () => smsOutboxFile(Number(process.env.E2E_PORT ?? 3107));

test("a new buyer signs in through the modal without leaving the page", async ({ page }) => {
  await page.goto("/catalog/gold");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Войти" }).click();
  const modal = page.getByTestId("login-modal");
  await expect(modal.getByRole("heading", { name: "Вход или регистрация" })).toBeVisible();
  expect(page.url()).toMatch(/\/catalog\/gold$/);

  const phone = modal.getByLabel("Телефон");
  const proceed = modal.getByRole("button", { name: "Продолжить" });
  await expect(proceed).toBeDisabled();
  const digits = `926${String(Date.now()).slice(-7)}`;
  await phone.pressSequentially(digits);
  await expect(phone).toHaveValue(`+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`);
  await expect(proceed).toBeEnabled();
  await proceed.click();

  await expect(modal.getByRole("heading", { name: "Введите код из SMS" })).toBeVisible();
  await expect(modal.getByTestId("resend-countdown")).toHaveText(/Новый код через 0[12]:\d\d/);
  const code = await waitForSmsCode(outbox(), `+7${digits}`);
  const wrong = code === "0000" ? "1111" : "0000";
  const codeInput = modal.getByLabel("Код из SMS");
  await codeInput.pressSequentially(wrong);
  await expect(modal.getByText("Неверный смс код")).toBeVisible();
  await codeInput.fill("");
  await codeInput.pressSequentially(code);

  await expect(modal.getByRole("heading", { name: "Завершение регистрации" })).toBeVisible();
  const finish = modal.getByRole("button", { name: "Завершить регистрацию" });
  await expect(finish).toBeDisabled();
  await modal.getByLabel("ФИО").fill("Сидоров Пётр");
  await modal.getByLabel("E-mail").fill("плохой");
  await modal.getByLabel("E-mail").blur();
  await expect(modal.getByText("Email указан неверно")).toBeVisible();
  await modal.getByLabel("E-mail").fill("petr@example.ru");
  await modal.getByLabel(/Согласен на обработку/).check();
  await expect(finish).toBeEnabled();
  await finish.click();

  await expect(modal).toBeHidden();
  await expect(page.getByText("Профиль")).toBeVisible();
  expect(page.url()).toMatch(/\/catalog\/gold$/);
});

test("back from the code to the phone keeps the number; closing clears it", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Войти" }).click();
  const modal = page.getByTestId("login-modal");
  const digits = `927${String(Date.now()).slice(-7)}`;
  await modal.getByLabel("Телефон").pressSequentially(digits);
  await modal.getByRole("button", { name: "Продолжить" }).click();
  await expect(modal.getByRole("heading", { name: "Введите код из SMS" })).toBeVisible();
  await modal.getByRole("button", { name: "Изменить номер" }).click();
  await expect(modal.getByRole("heading", { name: "Вход или регистрация" })).toBeVisible();
  await expect(modal.getByLabel("Телефон")).toHaveValue(new RegExp(digits.slice(6, 8)));
  await modal.getByRole("button", { name: "Закрыть" }).click();
  await expect(modal).toBeHidden();
  await page.getByRole("link", { name: "Войти" }).click();
  await expect(modal.getByLabel("Телефон")).toHaveValue("");
});
