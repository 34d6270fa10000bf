// With JavaScript the list buttons stay on the page: no full reload, badges update at
// once, quick clicks on one cart line do not race, and Metrica hears about the cart.
import { expect, test } from "./fixtures.ts";
import { desktop, expectSameDocument, markDocument, waitForHydration } from "./helpers.ts";

test.use({ viewport: desktop });

test("adding from the catalogue keeps the page and updates the badge", async ({ page }) => {
  await page.goto("/catalog/silver");
  await waitForHydration(page);
  await markDocument(page);
  const button = page.getByTestId("product-card").nth(5).getByRole("button", { name: "В корзину" });
  await button.scrollIntoViewIfNeeded();
  const scroll = await page.evaluate(() => window.scrollY);
  await button.click();
  await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("1");
  await expectSameDocument(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(scroll);
  const pushed = await page.evaluate(() => (window as unknown as { dataLayer?: { ecommerce: Record<string, unknown> }[] }).dataLayer ?? []);
  expect(pushed.at(-1)?.ecommerce).toMatchObject({ currencyCode: "RUB", add: { products: [{ quantity: 1 }] } });
});

test("quick clicks on + end at the last quantity asked for", async ({ page }) => {
  await page.goto("/products/georgiy-pobedonosec-50-rubley-spmd");
  await waitForHydration(page);
  await page.getByRole("region", { name: "Цена и покупка" }).getByRole("button", { name: "В корзину" }).click();
  await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("1");
  await page.goto("/cart");
  await waitForHydration(page);
  const line = page.getByTestId("cart-line");
  const plus = line.getByRole("button", { name: /^Увеличить количество/ });
  for (let i = 0; i < 3; i++) await plus.click();
  await expect(line.getByTestId("line-quantity")).toHaveValue("4");
  await page.reload();
  await expect(page.getByTestId("cart-line").getByTestId("line-quantity")).toHaveValue("4");
});

test("a card's picture opens the coin in the page, as its name does", async ({ page }) => {
  await page.goto("/catalog/silver");
  await waitForHydration(page);
  await markDocument(page);
  const card = page.getByTestId("product-card").nth(3);
  const name = (await card.getByRole("link").textContent())!;
  await card.locator("img").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expectSameDocument(page);
});

// The cards' links are plain links that one handler routes (decision 063): a Ctrl-click is still the browser's.
test("a card's name clicked as itself opens in the page, with Ctrl in a new tab", async ({ page, context }) => {
  await page.goto("/catalog/gold");
  await waitForHydration(page);
  await markDocument(page);
  const name = page.getByTestId("product-card").nth(2).getByRole("link");
  const title = (await name.textContent())!;
  const opened = context.waitForEvent("page");
  await name.click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await tab.waitForLoadState();
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveURL(/\/catalog\/gold$/);
  await tab.close();
  await name.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expectSameDocument(page);
});
