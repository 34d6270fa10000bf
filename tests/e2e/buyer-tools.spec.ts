// The buyer's tools on a phone and a desktop, JavaScript on and off: the value figures on a catalogue
// card, the product page's price history chart and the alert forms fit their screens, and the
// alert form works as a plain form. Screenshots go to test-results/buyer-tools/ to be looked at.
import { expect, test } from "./fixtures.ts";
import { phone } from "./helpers.ts";
import { horizontalOverflow, signIn, wide } from "./layout-steps.ts";

const coin = "/products/georgiy-pobedonosec-50-rubley-mmd";

for (const [name, viewport] of [
  ["phone", phone],
  ["desktop", wide],
] as const) {
  test(`card figures and the price chart fit a ${name} screen`, async ({ page, javaScriptEnabled }, info) => {
    const shot = (what: string) => `test-results/buyer-tools/${what}-${name}-${javaScriptEnabled ? "js" : "nojs"}.png`;
    await page.setViewportSize(viewport);
    await page.goto("/catalog/gold?sort=per-gram");
    const card = page.getByTestId("product-card").first();
    await expect(card.getByTestId("card-value")).toContainText("за 1 г");
    await expect(card.getByTestId("card-value")).toContainText("Выкуп");
    // The figures stay inside the card.
    const overflow = await card.getByTestId("card-value").evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await card.screenshot({ path: shot("card") });
    expect(await horizontalOverflow(page)).toBe(0);

    await page.goto(`${coin}?range=year`);
    const history = page.getByTestId("price-history");
    await expect(history.locator("svg")).toBeVisible();
    await expect(history.getByText(/^макс\./)).toBeVisible();
    await history.screenshot({ path: shot("chart") });
    await page.getByRole("link", { name: "Месяц" }).click();
    await expect(page).toHaveURL(/range=month#history$/);
    await page.getByTestId("alert-forms").screenshot({ path: shot("alerts-anonymous") });
    expect(await horizontalOverflow(page)).toBe(0);
    info.annotations.push({ type: "screenshots", description: "test-results/buyer-tools/" });
  });
}

test("a signed-in buyer subscribes to a price alert on the coin's page and sees it in /my/alerts", async ({ page, baseURL, javaScriptEnabled }) => {
  await page.setViewportSize(phone);
  const buyer = await signIn(page, baseURL!);
  await buyer.completeProfile();
  await page.goto(coin);
  const form = page.getByTestId("alert-price-form");
  await form.getByLabel(/Сообщить, когда цена будет ниже/).fill("1 000");
  await page.getByTestId("alert-forms").screenshot({ path: `test-results/buyer-tools/alerts-signed-in-phone-${javaScriptEnabled ? "js" : "nojs"}.png` });
  await form.getByRole("button", { name: "Подписаться" }).click();
  await expect(page.getByTestId("flash")).toContainText("Сообщим по SMS");
  await expect(page.getByTestId("coin-alerts")).toContainText("Цена ниже 1 000 ₽");
  await page.goto("/my/alerts");
  await expect(page.getByTestId("alert")).toHaveCount(1);
  await page.screenshot({ path: `test-results/buyer-tools/my-alerts-phone-${javaScriptEnabled ? "js" : "nojs"}.png`, fullPage: true });
  await page.getByRole("button", { name: /^Удалить/ }).click();
  await expect(page.getByTestId("flash")).toHaveText("Уведомление удалено");
  await expect(page.getByTestId("alert")).toHaveCount(0);
});
