// The sign-in phone field with JavaScript: every way of
// writing a number — typed, pasted, autofilled — ends as the same +7 number in the field
// and in the SMS; the disabled button looks it and the field says what is missing; back to
// the same number keeps the code; 'Войти и оформить' opens the modal with what checkout has.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { readSmsCodes, waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { desktop, waitForHydration } from "./helpers.ts";
import { smsOutboxFile } from "./outbox.ts";
import { formatsOf, ways } from "./phone-ways.ts";

test.use({ viewport: desktop, permissions: ["clipboard-read", "clipboard-write"] });

const outbox = () => smsOutboxFile(Number(process.env.E2E_PORT ?? 3107));
const formats = formatsOf("9161112233");

async function expectEveryWayReadsTheSame(page: Page, scope: Page | Locator) {
  const field = scope.getByLabel("Телефон");
  const proceed = scope.getByRole("button", { name: "Продолжить" });
  for (const text of formats) {
    for (const [way, put] of Object.entries(ways)) {
      await field.fill("");
      await put(page, field, text);
      await expect(field, `${text} ${way}`).toHaveValue("+7 (916) 111-22-33");
      await expect(proceed, `${text} ${way}`).toBeEnabled();
    }
  }
}

test("the modal reads every way of writing the number as +7 (916) 111-22-33 and sends the code there", async ({ page }) => {
  await page.goto("/catalog/gold");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Войти" }).click();
  const modal = page.getByTestId("login-modal");
  await expectEveryWayReadsTheSame(page, modal);
  const field = modal.getByLabel("Телефон");
  await field.fill("");
  await ways.pasted!(page, field, "+79161112233");
  await modal.getByRole("button", { name: "Продолжить" }).click();
  await expect(modal.getByText("Код отправлен на +7 (916) 111-22-33.")).toBeVisible();
  expect(await waitForSmsCode(outbox(), "+79161112233")).toMatch(/^\d{4}$/);
  expect(await readSmsCodes(outbox(), "+77916111223")).toEqual([]);
});

test("/login reads them the same way and sends the code to the number shown", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  await expectEveryWayReadsTheSame(page, page);
  const field = page.getByLabel("Телефон");
  await field.fill("");
  await field.fill("89161112244");
  await expect(field).toHaveValue("+7 (916) 111-22-44");
  await page.getByRole("button", { name: "Продолжить" }).click();
  await expect(page.getByText("Код отправлен на +7 (916) 111-22-44.")).toBeVisible();
  expect(await waitForSmsCode(outbox(), "+79161112244")).toMatch(/^\d{4}$/);
});

test("a disabled 'Продолжить' looks disabled and the field says what is missing", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  const field = page.getByLabel("Телефон");
  const proceed = page.getByRole("button", { name: "Продолжить" });
  await expect(proceed).toBeDisabled();
  const disabledLook = await proceed.evaluate((element) => getComputedStyle(element).backgroundColor);
  await field.focus();
  await field.blur();
  await expect(page.getByText("Обязательное поле")).toBeVisible();
  await field.pressSequentially("91611");
  await field.blur();
  await expect(page.getByText("Номер неполный: нужно 10 цифр после +7")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.pressSequentially("12233");
  await expect(proceed).toBeEnabled();
  await expect(page.getByText("Номер неполный")).toBeHidden();
  const enabledLook = await proceed.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(disabledLook).not.toBe(enabledLook);
});

test("back to the phone and on with the same number keeps the code already sent", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Войти" }).click();
  const modal = page.getByTestId("login-modal");
  const digits = `928${String(Date.now()).slice(-7)}`;
  await modal.getByLabel("Телефон").pressSequentially(digits);
  await modal.getByRole("button", { name: "Продолжить" }).click();
  const code = await waitForSmsCode(outbox(), `+7${digits}`);
  await modal.getByRole("button", { name: "Изменить номер" }).click();
  await expect(modal.getByRole("heading", { name: "Вход или регистрация" })).toBeVisible();
  await modal.getByRole("button", { name: "Продолжить" }).click();
  await expect(modal.getByRole("heading", { name: "Введите код из SMS" })).toBeVisible();
  await expect(modal.getByText(/Новый код можно запросить через/)).toBeHidden();
  await modal.getByLabel("Код из SMS").pressSequentially(code);
  await expect(modal.getByRole("heading", { name: "Завершение регистрации" })).toBeVisible();
  expect(await readSmsCodes(outbox(), `+7${digits}`)).toHaveLength(1);
});

test("'Войти и оформить' opens the modal over checkout with what was typed there, and comes back to it", async ({ page }) => {
  await page.goto("/catalog/gold");
  await waitForHydration(page);
  await page.getByRole("button", { name: "В корзину" }).first().click();
  await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("1");
  await page.goto("/checkout");
  await waitForHydration(page);
  const digits = `929${String(Date.now()).slice(-7)}`;
  await page.getByLabel("Фамилия").fill("Лебедева");
  await page.getByLabel("Имя", { exact: true }).fill("Анна");
  await page.getByLabel("E-mail").fill("anna.lebedeva@example.ru");
  await page.getByLabel("Телефон").fill(`8${digits}`);
  await page.getByRole("button", { name: "Войти и оформить" }).click();

  const modal = page.getByTestId("login-modal");
  await expect(modal.getByRole("heading", { name: "Вход или регистрация" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/checkout");
  await expect(modal.getByLabel("Телефон")).toHaveValue(`+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`);
  await modal.getByRole("button", { name: "Продолжить" }).click();
  await modal.getByLabel("Код из SMS").pressSequentially(await waitForSmsCode(outbox(), `+7${digits}`));
  await expect(modal.getByRole("heading", { name: "Завершение регистрации" })).toBeVisible();
  await expect(modal.getByLabel("ФИО")).toHaveValue("Лебедева Анна");
  await expect(modal.getByLabel("E-mail")).toHaveValue("anna.lebedeva@example.ru");
  await modal.getByLabel(/Согласен на обработку/).check();
  await modal.getByRole("button", { name: "Завершить регистрацию" }).click();
  await expect(modal).toBeHidden();
  expect(new URL(page.url()).pathname).toBe("/checkout");
  await expect(page.getByTestId("place-order")).toBeVisible();
  await expect(page.getByLabel("Фамилия")).toHaveValue("Лебедева");
});
