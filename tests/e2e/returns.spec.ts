// A buyer returns a coin of a received order, with and without JavaScript, on a phone and a wide
// screen: «Оформить возврат» on the order page, the terms, a refusal in Russian when nothing is
// chosen, the request sent; then a manager approves it, receives the coin in sellable condition and
// refunds it through the order's refund, and the buyer sees «Деньги возвращены».
import type { Page } from "@playwright/test";
import { e2eReturns } from "./back-office-data.ts";
import { signInStaff } from "./back-office.ts";
import { expect, test } from "./fixtures.ts";
import { phone, waitForHydration } from "./helpers.ts";
import { signIn, wide } from "./layout-steps.ts";

const shots = process.env.SHOTS_DIR ?? "/tmp/returns-shots";

async function shoot(page: Page, name: string, mode: string) {
  for (const viewport of [phone, wide]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${shots}/${name}-${mode}-${viewport.width}.png`, fullPage: true });
  }
}

test("a buyer returns a coin, and a manager takes it back and refunds it", async ({ page, baseURL, javaScriptEnabled }) => {
  // Two people, a dozen steps and 18 full-page screenshots: beside vitest in CI it ran past 30 s.
  test.setTimeout(120_000);
  const mode = javaScriptEnabled ? "js" : "nojs";
  const { buyerDigits, manager } = e2eReturns[mode];
  await signIn(page, baseURL!, buyerDigits);
  await page.goto("/my/orders");
  await page.locator('main a[href^="/my/orders/"]').first().click();
  const offer = page.getByTestId("order-return");
  await expect(offer).toContainText("включительно");
  await shoot(page, "order-page", mode);
  await offer.getByRole("link", { name: "Оформить возврат" }).click();
  await expect(page).toHaveURL(/\/my\/orders\/\d+\/return$/);
  const href = new URL(page.url()).pathname;
  await expect(page.getByTestId("return-terms")).toContainText("в течение 7 дней после дня получения заказа");
  if (javaScriptEnabled) await waitForHydration(page);
  await shoot(page, "return-form", mode);

  // Nothing chosen: the form says so in Russian, and nothing is sent.
  const form = page.getByTestId("return-form");
  await form.getByLabel("Почему возвращаете").fill("Не подошла по размеру капсулы");
  await form.getByLabel("Принесу в офис").check();
  await form.getByRole("button", { name: "Отправить заявку на возврат" }).click();
  await expect(page.getByText("Выберите монеты и количество для возврата.")).toBeVisible();
  await shoot(page, "return-form-error", mode);

  await form.getByLabel(/можно вернуть до 2 шт\./).fill("1");
  if (!(await form.getByLabel("Принесу в офис").isChecked())) await form.getByLabel("Принесу в офис").check();
  if ((await form.getByLabel("Почему возвращаете").inputValue()) === "") await form.getByLabel("Почему возвращаете").fill("Не подошла по размеру капсулы");
  await form.getByRole("button", { name: "Отправить заявку на возврат" }).click();
  await expect(page.getByTestId("flash")).toContainText(/Заявка на возврат №\d+ отправлена/);
  await expect(page.getByTestId("return-status")).toHaveText("Новая");
  await shoot(page, "return-sent", mode);
  const id = /№(\d+)/.exec((await page.getByTestId("flash").textContent())!)![1]!;

  const staff = await page.context().browser()!.newPage({ javaScriptEnabled });
  await signInStaff(staff, manager);
  await staff.goto("/admin/returns");
  await expect(staff.getByTestId("returns")).toContainText(`№${id}`);
  await shoot(staff, "admin-returns", mode);
  await staff.getByRole("link", { name: `№${id}`, exact: true }).click();
  await expect(staff).toHaveURL(new RegExp(`/admin/returns/${id}$`));
  await shoot(staff, "admin-return-new", mode);
  await staff.getByRole("button", { name: "Одобрить: ждём монеты" }).click();
  await expect(staff.getByTestId("return-status")).toHaveText("Одобрена: ждём монеты");
  await staff.getByLabel(/В продаваемом виде/).check();
  await staff.getByRole("button", { name: "Монеты получены" }).click();
  await expect(staff.getByTestId("flash")).toContainText("Монеты получены и снова в продаже.");
  await shoot(staff, "admin-return-received", mode);
  await staff.getByRole("button", { name: /^Вернуть / }).click();
  await expect(staff.getByTestId("flash")).toContainText("отправлен в платёжный сервис");
  await expect(staff.getByTestId("return-status")).toHaveText("Деньги возвращены");
  await staff.close();

  await page.goto(href);
  await expect(page.getByTestId("return-status")).toHaveText("Деньги возвращены");
  await shoot(page, "return-refunded", mode);
  await page.goto("/return");
  await expect(page.getByTestId("return-terms")).toContainText("в течение 7 дней");
  await shoot(page, "return-page", mode);
});
