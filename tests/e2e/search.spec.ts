// Search as a buyer meets it, with and without JavaScript: a
// misspelt word offers 'Возможно, вы искали' and its coins; a 5,000-character paste into the
// header's search field ends on the normal results page, not on a bare error, and leaves no cookie.
import { expect, test } from "./fixtures.ts";
import { desktop, phone, waitForHydration } from "./helpers.ts";

const shots = process.env.SCREENSHOTS_DIR;

test("a misspelt query offers the corrected one and shows its coins", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize(phone);
  await page.goto("/search?q=%D1%81%D0%BE%D0%B1%D0%BB%D1%8C");
  if (javaScriptEnabled) await waitForHydration(page);
  const suggestion = page.getByTestId("search-suggestion");
  await expect(suggestion).toContainText("Возможно, вы искали: соболь");
  await expect(page.getByTestId("product-card").first()).toContainText("Соболь");
  if (shots) await page.screenshot({ path: `${shots}/search-suggestion-390-${javaScriptEnabled ? "js" : "nojs"}.png` });
  await suggestion.getByRole("link", { name: "соболь" }).click();
  await expect(page).toHaveURL(/\/search\?q=%D1%81%D0%BE%D0%B1%D0%BE%D0%BB%D1%8C$/);
  await expect(page.getByTestId("search-suggestion")).toHaveCount(0);
  await expect(page.getByTestId("search-count")).toHaveText("Найдено: 3 монеты");
});

test("a 5,000-character paste into the header search gets the normal results page", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize(desktop);
  await page.goto("/");
  if (javaScriptEnabled) await waitForHydration(page);
  const field = page.locator("header input[name=q]:visible").first();
  await field.fill(`соболь ${"ж".repeat(5000)}`);
  await field.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Результаты поиска «соболь жжж");
  await expect(page.getByTestId("search-count")).toBeVisible();
  expect(new URL(page.url()).searchParams.get("q")!.length).toBeLessThanOrEqual(200);
  // A search is a GET: it leaves no cookie (not even a proposed visitor id), so its pages stay shared.
  expect(await page.context().cookies()).toEqual([]);
});
