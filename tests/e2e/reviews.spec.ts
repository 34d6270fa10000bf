// A buyer reviews a coin they received, with JavaScript on and off: from «Мои монеты» to the form
// (the rating as five radio buttons, the text), back to the coin's page with the notice; a content
// editor publishes it on /admin/reviews; the coin's page shows it with its stars and the average.
// Screenshots at 390 and 1366 px go to test-results/reviews/ to be looked at.
import { e2eReviewers } from "./back-office-data.ts";
import { signInStaff } from "./back-office.ts";
import { expect, test } from "./fixtures.ts";
import { phone, signInBuyer } from "./helpers.ts";
import { wide } from "./layout-steps.ts";

test("a buyer reviews a coin they received, staff publish it, the coin's page shows it", async ({ page, javaScriptEnabled }) => {
  const project = javaScriptEnabled ? "js" : "nojs";
  const { buyer, editor, coin } = e2eReviewers[project];
  const shot = (what: string) => `test-results/reviews/${what}-${project}.png`;

  await page.setViewportSize(phone);
  await signInBuyer(page, buyer, javaScriptEnabled, "/my/coins");
  await page.getByTestId("review-link").click();
  await expect(page).toHaveURL(new RegExp(`/my/reviews/${coin}$`));

  // A text too short: the form says so, and keeps what was typed.
  await page.getByLabel("4 — хорошо").check();
  await page.getByLabel("Отзыв").fill("Хорошо");
  await page.getByRole("button", { name: "Отправить отзыв" }).click();
  await expect(page.getByText("Напишите хотя бы 10 символов")).toBeVisible();
  await expect(page.getByLabel("Отзыв")).toHaveValue("Хорошо");
  await page.screenshot({ path: shot("form-error-phone"), fullPage: true });

  await page.getByLabel("5 — отлично").check();
  await page.getByLabel("Отзыв").fill("Монета пришла в капсуле, без единой царапины.\nУпаковка надёжная.");
  await page.setViewportSize(wide);
  await page.screenshot({ path: shot("form-desktop"), fullPage: true });
  await page.getByRole("button", { name: "Отправить отзыв" }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${coin}#reviews$`));
  await expect(page.getByTestId("flash")).toHaveText("Спасибо! Отзыв появится на странице монеты после проверки.");
  await expect(page.getByTestId("coin-reviews")).toContainText("Отзывов пока нет.");

  // The content editor publishes it.
  await signInStaff(page, editor);
  await page.goto("/admin/reviews");
  const queued = page.getByTestId("queued-review").filter({ hasText: "Монета пришла в капсуле" });
  await expect(queued).toContainText("Иван О.");
  await page.screenshot({ path: shot("admin-queue-desktop"), fullPage: true });
  await queued.getByRole("button", { name: "Опубликовать" }).click();
  await expect(page.getByTestId("flash")).toContainText("На проверке → Опубликован");

  await page.goto(`/products/${coin}#reviews`);
  const reviews = page.getByTestId("coin-reviews");
  await expect(reviews.getByTestId("rating-summary")).toContainText("5 из 5");
  await expect(reviews.getByTestId("review")).toContainText("Монета пришла в капсуле, без единой царапины.");
  await reviews.screenshot({ path: shot("coin-reviews-desktop") });
  await page.setViewportSize(phone);
  await reviews.screenshot({ path: shot("coin-reviews-phone") });
});
