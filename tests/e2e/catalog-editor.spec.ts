// The catalogue editor (decision 023) as a content editor uses it, JavaScript on and off, on a
// desktop (1366 px) and a phone (390 px): a picture added empties the file field (a second click
// added a copy), a refused file shows its refusal alone (not the last change's notice), and a
// premium that puts the coin under its metal value is saved only after the confirmation is ticked.
// Screenshots go to SHOTS_DIR (default test-results/catalog-editor/) to be looked at.
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { e2eContentEditors } from "./back-office-data.ts";
import { signInStaff } from "./back-office.ts";
import { phone } from "./helpers.ts";
import { horizontalOverflow, wide } from "./layout-steps.ts";

const shots = process.env.SHOTS_DIR ?? "test-results/catalog-editor";

test("a content editor adds a picture, is refused a fake one, and confirms a price under the metal", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const mode = javaScriptEnabled ? "js" : "nojs";
  // Each project edits a coin of its own: the two runs share one shop.
  const sku = javaScriptEnabled ? "AU-0004" : "AU-0005";
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c9a227" } })
    .png()
    .toBuffer();
  await page.setViewportSize(wide);
  await signInStaff(page, e2eContentEditors[mode]);
  await page.goto(`/admin/catalog/${sku}`);
  const pictures = page.getByTestId("coin-pictures");
  const file = pictures.locator('input[type="file"]');
  const before = await pictures.locator("li").count();

  await file.setInputFiles({ name: "avers.png", mimeType: "image/png", buffer: png });
  await pictures.getByRole("button", { name: "Добавить картинку" }).click();
  await expect(page.getByTestId("flash")).toHaveText(`${sku}: картинка добавлена.`);
  await expect(pictures.locator("li")).toHaveCount(before + 1);
  expect(await file.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);

  await file.setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("<script>alert(1)</script>") });
  await pictures.getByRole("button", { name: "Добавить картинку" }).click();
  await expect(page.getByTestId("edit-error")).toContainText("Картинка должна быть в формате JPEG, PNG или WebP");
  await expect(page.getByTestId("flash")).toHaveCount(0);
  await expect(pictures.locator("li")).toHaveCount(before + 1);

  const form = page.getByTestId("coin-form");
  await form.getByLabel("Наценка, %").fill("-3");
  await form.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByTestId("edit-error")).toContainText("ниже стоимости металла");
  await expect(page.getByTestId("flash")).toHaveCount(0);
  for (const viewport of [wide, phone]) {
    await page.setViewportSize(viewport);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${shots}/coin-confirm-${viewport.width}-${mode}.png`, fullPage: true });
  }
  await page.getByTestId("confirm-below-floor").getByRole("checkbox").check();
  await form.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByTestId("flash")).toHaveText(`${sku}: изменено: Наценка, %.`);
  await expect(form.getByLabel("Наценка, %")).toHaveValue("-3");
  await expect(form.getByText("цена выкупа — стоимость металла по котировкам минус эта скидка")).toBeVisible();
  await page.screenshot({ path: `${shots}/coin-${phone.width}-${mode}.png`, fullPage: true });
  await page.setViewportSize(wide);
  await page.screenshot({ path: `${shots}/coin-${wide.width}-${mode}.png`, fullPage: true });
});
