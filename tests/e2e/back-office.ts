// The back office in the browser (not a spec): the e2e manager (back-office-data.ts) signs in by
// the SMS code as a person does.
import { expect, type Page } from "@playwright/test";
import { waitForSmsCode } from "#tests/support/sms-outbox.ts";
import type { e2eManagers } from "./back-office-data.ts";
import { smsOutboxFile } from "./outbox.ts";

/** Signs an e2e manager in at /admin/login by the code from the SMS outbox; the page ends on the dashboard. */
export async function signInStaff(page: Page, manager: Pick<(typeof e2eManagers)[keyof typeof e2eManagers], "typed" | "normal">): Promise<void> {
  const since = new Date();
  await page.goto("/admin/login");
  await page.getByLabel("Телефон").fill(manager.typed);
  await page.getByRole("button", { name: "Получить код" }).click();
  await expect(page.getByLabel("Код из SMS")).toBeVisible();
  const code = await waitForSmsCode(smsOutboxFile(Number(process.env.E2E_PORT ?? 3107)), manager.normal, { after: since });
  await page.getByLabel("Код из SMS").fill(code);
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}
