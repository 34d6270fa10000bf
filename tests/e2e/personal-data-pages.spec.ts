// The pages of personal data on a phone and a desktop, JavaScript on and off:
// the consent document with its edition, the cookie settings, and the account's /my/privacy with
// its consent, the download and the deletion form. Screenshots go to test-results/personal-data/.
import { expect, test } from "./fixtures.ts";
import { phone } from "./helpers.ts";
import { horizontalOverflow, signIn, wide } from "./layout-steps.ts";

for (const [name, viewport] of [
  ["phone", phone],
  ["desktop", wide],
] as const) {
  test(`the consent document, cookie settings and /my/privacy fit a ${name} screen`, async ({ page, javaScriptEnabled, baseURL }) => {
    const shot = (what: string) => `test-results/personal-data/${what}-${name}-${javaScriptEnabled ? "js" : "nojs"}.png`;
    await page.setViewportSize(viewport);
    await page.goto("/personal-data-consent");
    await expect(page.getByTestId("consent-edition")).toContainText("Редакция от");
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: shot("consent-document") });

    await page.goto("/cookies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Настройки cookie");
    await page.screenshot({ path: shot("cookies") });

    // Step 3 as a page: the consent box, then the consent is on record in the account.
    await signIn(page, baseURL!);
    await page.goto("/cabinet/create");
    await page.getByLabel("ФИО").fill("Полякова Мария");
    await page.getByLabel("E-mail").fill("maria@example.ru");
    await page.getByLabel(/Согласен на обработку/).check();
    await page.getByRole("button", { name: "Завершить регистрацию" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/cabinet"));
    await page.goto("/my/privacy");
    await expect(page.getByTestId("consent")).toHaveCount(1);
    await expect(page.getByTestId("export-link")).toHaveText("Скачать мои данные");
    await expect(page.getByTestId("delete-account")).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: shot("my-privacy"), fullPage: true });
  });
}
