// Issue 21's generic check: no page reaches past the right edge of a 390 px phone or a 1366 px
// desktop (a page that scrolls sideways hides its totals and dates). Every route of spec
// section 2, the cart with a coin, checkout, the account area and an order's pages; one load
// per page and width. Runs with JavaScript on and off.
import { expect, test, type Page } from "@playwright/test";
import { phone } from "./helpers.ts";
import { addCoinToCart, firstLink, horizontalOverflow, placeUnpaidOrder, signIn, wide } from "./layout-steps.ts";

const widths = [phone, wide];

/** Routes of spec section 2 that need nothing but the demo data. */
const routes = [
  "/",
  "/about",
  "/contacts",
  "/delivery",
  "/how-to-buy",
  "/return",
  "/certificates",
  "/coin-buyback",
  "/partners",
  "/reviews",
  "/quotes-online",
  "/search?q=георгий",
  "/search",
  "/product-comparison",
  "/wishlist",
  "/cart",
  "/checkout",
  "/login",
  "/catalog",
  "/catalog/page/2",
  "/catalog/gold",
  "/catalog/silver",
  "/catalog/gold/monety-georgiy-pobedonosec",
  "/catalog/gold/monety-georgiy-pobedonosec/50-rub",
  "/catalog/gold/monety-seyatel",
  "/catalog/bullion-coins",
  "/catalog/bullion-coins/georgij-pobedonosec",
  "/catalog/bullion-coins/monety-sberbanka",
  "/catalog/bullion-coins/monety-sberbanka/gold",
  "/catalog/bullion-coins/monety-sberbanka/silver",
  "/catalog/bullion-coins/rf",
  "/catalog/memorable-coins",
  "/catalog/gold/rf",
  "/catalog/gold/bullion-coins",
  "/catalog/gold/memorable-coins",
  "/catalog/silver/monety-georgiy-pobedonosec",
  "/catalog/silver/rf",
  "/catalog/silver/bullion-coins",
  "/catalog/silver/memorable-coins",
  "/promo",
  "/news",
  "/news/page/2",
  "/cases",
  "/training",
  "/training/18",
  "/no/such/page",
];

/** Listing pages whose first item is visited too (a product, an article, a promotion). */
const itemsOf: Record<string, string> = { "/catalog": "/products/", "/promo": "/promo/", "/news": "/news/", "/cases": "/cases/", "/training": "/training/" };

async function expectFits(page: Page, path: string, width: number) {
  expect.soft(await horizontalOverflow(page), `${path} at ${width} px reaches past the right edge by`).toBeLessThanOrEqual(0);
}

for (const viewport of widths) {
  test(`every page fits ${viewport.width} px without sideways scrolling`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const items: string[] = [];
    for (const path of routes) {
      await page.goto(path);
      await expectFits(page, path, viewport.width);
      if (itemsOf[path]) items.push(await firstLink(page, itemsOf[path]));
    }
    for (const path of items) {
      await page.goto(path);
      await expectFits(page, path, viewport.width);
    }
    // The cart and checkout with a coin in them.
    await addCoinToCart(page);
    for (const path of ["/cart", "/checkout"]) {
      await page.goto(path);
      await expectFits(page, `${path} with a coin`, viewport.width);
    }
  });
}

test("a signed-in buyer's pages fit a phone and a desktop: account, step 3, an order, /payment-error, /thanks", async ({ page, baseURL, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const check = async (path: string) => {
    for (const viewport of widths) {
      await page.setViewportSize(viewport);
      if (page.url() !== new URL(path, baseURL).href) await page.goto(path);
      else await page.reload();
      await expectFits(page, path, viewport.width);
    }
  };
  const buyer = await signIn(page, baseURL!);
  await check("/cabinet/create");
  await buyer.completeProfile();
  await addCoinToCart(page);
  const order = await placeUnpaidOrder(page, buyer.phone, javaScriptEnabled);
  await check(`/payment-error?order=${order}`);
  await check(`/my/orders/${order}`);
  for (const path of ["/my", "/my/orders", "/my/profile", "/my/profile/edit"]) await check(path);
  // Pay it: the /thanks page of a paid order.
  await page.goto(`/payment-error?order=${order}`);
  await page.getByTestId("pay-again").click();
  await expect(page).toHaveURL(/\/payment\/sandbox\//);
  await check(page.url().replace(baseURL!, ""));
  await page.getByRole("button", { name: "Оплатить" }).click();
  await expect(page).toHaveURL(/\/thanks\?order=\d+$/);
  await check(`/thanks?order=${order}`);
});
