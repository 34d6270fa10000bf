// Five wrong SMS codes void the code: the fifth, the sixth and even the right code after them say
// so and what to do, in the modal with JavaScript and on /login without it.
import { expect, test } from "./fixtures.ts";
import { waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { desktop, waitForHydration } from "./helpers.ts";
import { smsOutboxFile } from "./outbox.ts";

test.use({ viewport: desktop });
// Eleven posts and a page load each: more than the default on a busy machine.
test.setTimeout(120_000);

test("too many wrong codes are said, and a new code is the way on", async ({ page, javaScriptEnabled }) => {
  await page.goto("/catalog/gold");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("link", { name: "Войти" }).click();
  const scope = javaScriptEnabled ? page.getByTestId("login-modal") : page.locator("main");
  const digits = `928${String(Date.now()).slice(-7)}`;
  if (javaScriptEnabled) await scope.getByLabel("Телефон").pressSequentially(digits);
  else await scope.getByLabel("Телефон").fill(`8${digits}`);
  await scope.getByRole("button", { name: "Продолжить" }).click();
  await expect(scope.getByRole("heading", { name: "Введите код из SMS" })).toBeVisible();
  const code = await waitForSmsCode(smsOutboxFile(Number(process.env.E2E_PORT ?? 3107)), `+7${digits}`);
  const wrong = code === "0000" ? "1111" : "0000";

  const type = async (typed: string) => {
    const input = scope.getByLabel("Код из SMS");
    if (javaScriptEnabled) {
      await input.fill("");
      await input.pressSequentially(typed);
    } else {
      await input.fill(typed);
      await scope.getByRole("button", { name: "Войти" }).click();
    }
  };
  for (let i = 0; i < 4; i++) {
    await type(wrong);
    await expect(scope.getByText("Неверный смс код")).toBeVisible();
  }
  for (const typed of [wrong, wrong, code]) {
    await type(typed);
    await expect(scope.getByRole("alert").filter({ hasText: "Слишком много неверных попыток. Запросите новый код" })).toBeVisible();
    await expect(scope.getByText("Код устарел")).toHaveCount(0);
  }
  // The way on: a new code (after the countdown, which without JavaScript is said in words).
  if (javaScriptEnabled) await expect(scope.getByTestId("resend-countdown").or(scope.getByRole("button", { name: "Получить новый код" }))).toBeVisible();
  else await expect(scope.getByRole("button", { name: "Получить новый код" })).toBeVisible();
});
