// A large pre-order's 115-FZ identification step (decision 062), with JavaScript on and off: the
// buyer sees the coin and pieces, why the data are needed, the checkout's form; an empty send is
// answered with the checkout's Russian messages. Screenshots at 390 and 1366 px go to
// test-results/preorder-identification/.
import { productIdOf } from "#tests/support/buyer.ts";
import { e2ePreorderIdentification } from "./back-office-data.ts";
import { expect, test } from "./fixtures.ts";
import { phone, signInBuyer, waitForHydration } from "./helpers.ts";
import { horizontalOverflow, wide } from "./layout-steps.ts";

const coming = "/products/kompleks-hrama-voskreseniya-hristova-3-rublya-2020";

test("a large pre-order's identification step shows the checkout's form and its messages", async ({ page, javaScriptEnabled }) => {
  const project = javaScriptEnabled ? "js" : "nojs";
  const shot = (what: string) => `test-results/preorder-identification/${what}-${project}.png`;
  const step = `/my/preorders/identification?productId=${productIdOf(coming.slice("/products/".length))}&quantity=2&redirectTo=${encodeURIComponent(coming)}`;
  await page.setViewportSize(phone);
  await signInBuyer(page, e2ePreorderIdentification[project].buyer, javaScriptEnabled, "/my/preorders");
  await page.goto(step);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Паспортные данные для предзаказа");
  await expect(page.getByText(/Предзаказ: «.+», 2 шт\./)).toBeVisible();
  await expect(page.getByText(/закон № 115-ФЗ требует идентифицировать покупателя/)).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: shot("step-390"), fullPage: true });
  await page.setViewportSize(wide);
  await page.screenshot({ path: shot("step-1366"), fullPage: true });

  // Sent without a birth date or the consent: the checkout's messages, nothing saved.
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Дата рождения (ДД.ММ.ГГГГ)").fill("31.02.1980");
  await page.getByRole("button", { name: "Сохранить и оформить предзаказ" }).click();
  await expect(page.getByText(/дата/i).first()).toBeVisible();
  await page.screenshot({ path: shot("refused-1366"), fullPage: true });
  await page.setViewportSize(phone);
  await page.screenshot({ path: shot("refused-390"), fullPage: true });
  await page.goto("/my/preorders");
  await expect(page.getByText("место в очереди")).toHaveCount(0);
});
