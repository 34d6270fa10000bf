// The content editor and the audit log in the browser, JavaScript on and off: an owner adds a
// news item by its form (a title with a colon, a date that is no day refused beside its field,
// a picture from the computer), publishes it, sees it on the storefront, and reads the change in
// the audit log, whose table fits a phone (390 px) and a desktop (1366 px) without scrolling
// sideways. Screenshots go to SHOTS_DIR (default test-results/content-editor/) to be looked at.
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { e2eEditors } from "./back-office-data.ts";
import { signInStaff } from "./back-office.ts";
import { phone } from "./helpers.ts";
import { horizontalOverflow, wide } from "./layout-steps.ts";

const shots = process.env.SHOTS_DIR ?? "test-results/content-editor";

test("an owner publishes a news item by its form and reads it in the audit log, on a desktop and a phone", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const mode = javaScriptEnabled ? "js" : "nojs";
  const shot = (what: string, width: number) => page.screenshot({ path: `${shots}/${what}-${width}-${mode}.png`, fullPage: true });
  await page.setViewportSize(wide);
  await signInStaff(page, e2eEditors[mode]);
  await page.goto("/admin/content");
  await page.getByRole("link", { name: "Добавить новость" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Новая новость");

  const title = `Суббота: офис открыт (${mode})`;
  await page.getByLabel("Заголовок", { exact: true }).fill(title);
  await page.getByLabel(/^Дата/).fill("31.13.2026");
  await page.getByLabel(/^Кратко/).fill("Офис работает и в субботу.");
  await page.getByLabel(/^Текст/).fill("## Часы\n\nС **10:00** до 15:00.");
  await page.getByRole("button", { name: "Опубликовать" }).click();
  await expect(page.getByText("Дата в виде ДД.ММ.ГГГГ или ГГГГ-ММ-ДД, например 14.10.2026")).toBeVisible();
  await expect(page.getByLabel(/^Дата/)).toHaveAttribute("aria-invalid", "true");
  for (const viewport of [wide, phone]) {
    await page.setViewportSize(viewport);
    expect(await horizontalOverflow(page)).toBe(0);
    await shot("news-form-error", viewport.width);
  }
  await page.setViewportSize(wide);

  await page.getByLabel(/^Дата/).fill("07.11.2026");
  const picture = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#c9a227" } })
    .png()
    .toBuffer();
  await page.getByLabel(/^Файл/).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: picture });
  await page.getByLabel(/^Описание картинки/).fill("Часы на стене");
  await page.getByRole("button", { name: "Опубликовать" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Новость добавлена и опубликована.");
  await expect(page.getByTestId("content-state")).toHaveText("опубликовано");
  const slug = `subbota-ofis-otkryt-${mode}`;
  await expect(page).toHaveURL(new RegExp(`/admin/content/news/${slug}$`));
  for (const viewport of [wide, phone]) {
    await page.setViewportSize(viewport);
    expect(await horizontalOverflow(page)).toBe(0);
    await shot("news-edit", viewport.width);
  }

  await page.goto(`/news/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("img", { name: "Часы на стене" })).toBeVisible();

  await page.goto(`/admin/audit?object=${slug}`);
  const table = page.getByTestId("audit-table");
  await expect(table).toContainText("Текст добавлен");
  await expect(table).toContainText(`Заголовок: ${title}`);
  await expect(table).toContainText("Редактор новостей e2e");
  for (const viewport of [wide, phone]) {
    await page.setViewportSize(viewport);
    expect(await horizontalOverflow(page)).toBe(0);
    // The «Стало» column is inside the window, not off its right edge.
    const box = (await table.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await shot("audit", viewport.width);
  }
});
