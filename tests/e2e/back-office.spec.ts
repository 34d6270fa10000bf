// The back-office journey, JavaScript on and off: a manager signs in at /admin/login by
// the SMS code, goes from the dashboard to the orders list, opens a paid order and moves it along
// its statuses (assembling → shipped with a tracking number → completed), and sees the steps in
// the order's history and the staff actions; once on a desktop (1366 px), once on a phone (390 px).
// Screenshots of the dashboard and the order page go to SHOTS_DIR (default
// test-results/back-office/) to be looked at.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { e2eManagers } from "./back-office-data.ts";
import { signInStaff } from "./back-office.ts";
import { phone } from "./helpers.ts";
import { horizontalOverflow, wide } from "./layout-steps.ts";

const shots = process.env.SHOTS_DIR ?? "test-results/back-office";

async function moveFirstPaidOrderToCompleted(page: Page, manager: { typed: string; buyersSurname: string }, shot: string) {
  await page.getByRole("link", { name: "Заказы", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Заказы");
  await page.getByLabel("Статус").selectOption("paid");
  await page.getByLabel("Номер, телефон или фамилия").fill(manager.buyersSurname);
  await page.getByRole("button", { name: "Найти" }).click();
  await expect(page).toHaveURL(/status=paid/);
  // With JavaScript the address changes a moment before the list does: wait for the list found,
  // every row paid and the buyer's, so the first number read is the one clicked.
  const rows = page.getByTestId("orders-table").locator("tbody tr");
  await expect(rows.filter({ hasNotText: manager.buyersSurname })).toHaveCount(0);
  await expect(rows.filter({ hasNotText: "Оплачен" })).toHaveCount(0);
  await expect(rows).not.toHaveCount(0);
  const first = page.getByRole("link", { name: /^№\d/ }).first();
  const number = (await first.textContent())!.slice(1);
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Заказ №${number}`);
  const status = page.getByTestId("order-status");
  await expect(status).toHaveText("Оплачен");

  await page.getByRole("button", { name: "В статус «Собирается»" }).click();
  await expect(page.getByTestId("flash")).toHaveText(`Заказ №${number}: Оплачен → Собирается.`);
  await expect(status).toHaveText("Собирается");

  await page.getByLabel("Трек-номер").fill("cdek-1234567890");
  await page.getByRole("button", { name: "В статус «Отправлен»" }).click();
  await expect(status).toHaveText("Отправлен");
  await expect(page.getByTestId("tracking-number")).toHaveText("CDEK-1234567890");

  await page.getByRole("button", { name: "В статус «Выполнен»" }).click();
  await expect(status).toHaveText("Выполнен");
  await expect(page.getByTestId("next-statuses")).toContainText("Статус окончательный");
  const history = page.getByTestId("order-history");
  for (const step of ["Оплачен", "Собирается", "Отправлен", "Выполнен"]) await expect(history).toContainText(step);
  const audit = page.getByTestId("order-audit");
  for (const step of ["Оплачен → Собирается", "Собирается → Отправлен", "Отправлен → Выполнен"]) await expect(audit).toContainText(step);
  await expect(audit).toContainText(`${manager.typed} (менеджер)`);
  // A completed order's money can go back by line (decision 024).
  await expect(page.getByTestId("order-refund")).toContainText("Вернуть выбранное");
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: shot, fullPage: true });
  // Back to the dashboard by the menu.
  await page.getByRole("link", { name: "Сводка", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Сводка");
}

test("a manager signs in and moves paid orders to completed from the dashboard, on a desktop and a phone", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const mode = javaScriptEnabled ? "js" : "nojs";
  const manager = e2eManagers[mode];
  const shot = (what: string, width: number) => `${shots}/${what}-${width}-${mode}.png`;
  await page.setViewportSize(wide);
  await signInStaff(page, manager);
  for (const viewport of [wide, phone]) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Сводка");
    await expect(page.getByTestId("to-assemble")).toContainText("Собрать");
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: shot("dashboard", viewport.width), fullPage: true });
    await moveFirstPaidOrderToCompleted(page, manager, shot("order", viewport.width));
  }
});
