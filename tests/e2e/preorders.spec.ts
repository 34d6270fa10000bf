// Pre-ordering a coming coin, with JavaScript on and off (decision 062): a content editor ticks
// «Принимать предзаказ до старта» on the demo's coming coin; a buyer signs in, reads the price rule
// on the coin's page, pre-orders two pieces (the cap), sees the place in line there and on
// /my/preorders, and cancels it; pre-orders again, and staff cancel that one with a reason the
// buyer then reads on /my/preorders. Screenshots at 390 and 1366 px go to test-results/preorders/.
import { e2ePreorders } from "./back-office-data.ts";
import { signInStaff } from "./back-office.ts";
import { expect, test } from "./fixtures.ts";
import { phone, signInBuyer, waitForHydration } from "./helpers.ts";
import { horizontalOverflow, wide } from "./layout-steps.ts";

const coming = { sku: "AG-0027", path: "/products/kompleks-hrama-voskreseniya-hristova-3-rublya-2020" };

test("staff allow pre-orders; a buyer pre-orders the coming coin, sees the place, and cancels", async ({ page, javaScriptEnabled }) => {
  // Three people's turns with sign-ins and screenshots at two widths: longer than a page's test.
  test.setTimeout(120_000);
  const project = javaScriptEnabled ? "js" : "nojs";
  const { buyer, editor } = e2ePreorders[project];
  const shot = (what: string) => `test-results/preorders/${what}-${project}.png`;

  // Staff: the tick on the coin's announcement form.
  await page.setViewportSize(wide);
  await signInStaff(page, editor);
  await page.goto(`/admin/catalog/${coming.sku}`);
  const launch = page.getByTestId("coin-launch");
  await launch.getByLabel(/Принимать предзаказ до старта/).check();
  if (javaScriptEnabled) await waitForHydration(page);
  await launch.getByRole("button", { name: "Сохранить анонс" }).click();
  await expect(page.getByTestId("flash")).toContainText(/AG-0027: (анонс сохранён|изменений в анонсе нет)\./);
  await expect(page.getByTestId("coin-launch").getByLabel(/Принимать предзаказ до старта/)).toBeChecked();
  await expect(page.getByTestId("coin-preorders")).toContainText("Предзаказы");
  await page.getByTestId("coin-launch").screenshot({ path: shot("admin-launch-1366") });

  // The buyer, on a phone; the staff's session is kept for later (a second code within a minute is not sent).
  const staffCookies = await page.context().cookies();
  await page.context().clearCookies();
  await page.setViewportSize(phone);
  await signInBuyer(page, buyer, javaScriptEnabled, coming.path);
  const block = page.getByTestId("preorder");
  await expect(block).toContainText("Цена — по курсу на момент начала продаж");
  await expect(block.getByLabel("Количество, шт.")).toHaveAttribute("max", "2");
  expect(await horizontalOverflow(page)).toBe(0);
  await block.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("coin-form-390") });
  await page.setViewportSize(wide);
  await page.screenshot({ path: shot("coin-form-1366"), fullPage: true });

  if (javaScriptEnabled) await waitForHydration(page);
  await block.getByLabel("Количество, шт.").fill("2");
  await block.getByRole("button", { name: "Оформить предзаказ" }).click();
  await expect(page.getByTestId("flash")).toContainText(/Предзаказ оформлен: вы \d+-й в очереди\./);
  await expect(page.getByTestId("preorder-place")).toContainText(/Ваш предзаказ: 2 шт\., \d+-е место в очереди/);
  await page.screenshot({ path: shot("coin-placed-1366"), fullPage: true });
  await page.setViewportSize(phone);
  await page.getByTestId("preorder").scrollIntoViewIfNeeded();
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: shot("coin-placed-390") });

  // The cabinet lists it with its place, and it can be cancelled.
  await page.goto("/my/preorders");
  const row = page.getByTestId("preorder");
  await expect(row).toContainText(/2 шт\. · В очереди · \d+-е место в очереди/);
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: shot("my-preorders-390"), fullPage: true });
  await page.setViewportSize(wide);
  await page.screenshot({ path: shot("my-preorders-1366"), fullPage: true });
  if (javaScriptEnabled) await waitForHydration(page);
  await row.getByRole("button", { name: /Отменить/ }).click();
  await expect(page.getByTestId("flash")).toHaveText("Предзаказ отменён.");
  await expect(page.getByTestId("preorder")).toContainText("Отменён");
  await expect(page.getByTestId("preorder").getByRole("button", { name: /Отменить/ })).toHaveCount(0);

  // The buyer pre-orders again (a cancelled one frees the place); this time the shop cancels it.
  await page.goto(coming.path);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByTestId("preorder").getByLabel("Количество, шт.").fill("1");
  await page.getByTestId("preorder").getByRole("button", { name: "Оформить предзаказ" }).click();
  await expect(page.getByTestId("flash")).toContainText(/Предзаказ оформлен/);
  const buyerCookies = await page.context().cookies();

  // Staff see the coin's pre-orders under its announcement: the cancelled one, and the waiting one with its cancel form.
  await page.context().clearCookies();
  await page.context().addCookies(staffCookies);
  await page.goto(`/admin/catalog/${coming.sku}`);
  const list = page.getByTestId("coin-preorders");
  await expect(list).toContainText("Пётр Предзаказов");
  await expect(list).toContainText("Отменён");
  const waitingRow = list
    .getByRole("row")
    .filter({ hasText: buyer.typed })
    .filter({ has: page.getByRole("button", { name: "Отменить предзаказ" }) });
  await expect(waitingRow).toHaveCount(1);
  await list.screenshot({ path: shot("admin-preorders-1366") });
  await page.setViewportSize(phone);
  expect(await horizontalOverflow(page)).toBe(0);
  await list.screenshot({ path: shot("admin-preorders-390") });

  // Staff cancel it with a reason the buyer reads.
  if (javaScriptEnabled) await waitForHydration(page);
  await waitingRow.getByLabel(/Причина отмены/).fill("Монетный двор сократил поставку");
  await waitingRow.getByRole("button", { name: "Отменить предзаказ" }).click();
  await expect(page.getByTestId("flash")).toContainText(/Предзаказ №\d+ отменён; покупателю придут SMS и e-mail с причиной\./);
  await expect(list).toContainText("Отменён магазином");
  await expect(list).toContainText("Причина: Монетный двор сократил поставку");
  await list.screenshot({ path: shot("admin-preorders-cancelled-390") });
  await expect(list.locator("tr").filter({ hasText: buyer.typed }).getByRole("button", { name: "Отменить предзаказ" })).toHaveCount(0);
  await page.getByTestId("coin-audit").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("coin-audit")).toContainText(/Предзаказ №\d+ отменён: Монетный двор сократил поставку/);

  // The buyer reads why in the cabinet.
  await page.context().clearCookies();
  await page.context().addCookies(buyerCookies);
  await page.goto("/my/preorders");
  const cancelledByShop = page.getByTestId("preorder").first();
  await expect(cancelledByShop).toContainText("1 шт. · Отменён магазином: Монетный двор сократил поставку");
  await expect(cancelledByShop.getByRole("button", { name: /Отменить/ })).toHaveCount(0);
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: shot("my-preorders-shop-cancelled-390"), fullPage: true });
  await page.setViewportSize(wide);
  await page.screenshot({ path: shot("my-preorders-shop-cancelled-1366"), fullPage: true });
});
