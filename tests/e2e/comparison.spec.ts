// The comparison page on a phone and a desktop, with and without
// JavaScript: every coin's column as wide as the others, pictures drawn no larger than the
// file the browser got (no upscaled blur), and a 'В корзину' button per coin that works.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { phone, waitForHydration } from "./helpers.ts";

const shots = process.env.SCREENSHOTS_DIR;

async function compareThreeCoins(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/catalog/gold/monety-georgiy-pobedonosec");
  if (javaScriptEnabled) await waitForHydration(page);
  const cards = page.getByTestId("product-card");
  for (const index of [0, 3, 1]) {
    await cards
      .nth(index)
      .getByRole("button", { name: /сравнени/i })
      .click();
    await expect(page.getByTestId("compare-link").getByTestId("count-badge")).toHaveText(String([0, 3, 1].indexOf(index) + 1));
  }
  await page.goto("/product-comparison");
  if (javaScriptEnabled) await waitForHydration(page);
}

for (const viewport of [phone, { width: 1366, height: 900 }]) {
  test(`comparison at ${viewport.width} px: equal columns, sharp pictures, 'В корзину' per coin`, async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize(viewport);
    await compareThreeCoins(page, javaScriptEnabled);
    const table = page.getByTestId("comparison");
    const heads = table.locator("thead th");
    await expect(heads).toHaveCount(3);

    const widths = await heads.evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width));
    for (const width of widths) expect(Math.abs(width - widths[0]!), `column widths ${widths.join(", ")}`).toBeLessThanOrEqual(1);

    // Each picture is loaded and drawn at most at the size of the file it got, through /_ipx.
    const pictures = table.locator("thead img");
    await expect(pictures).toHaveCount(3);
    for (const picture of await pictures.all()) {
      await picture.scrollIntoViewIfNeeded();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const { natural, shown, src, ratio } = await picture.evaluate((img: HTMLImageElement) => ({
        natural: img.naturalWidth,
        shown: img.getBoundingClientRect().width,
        src: img.currentSrc,
        ratio: window.devicePixelRatio,
      }));
      expect(src).toMatch(/\/_ipx\/[^/]*w_\d+/);
      expect(shown * ratio, `${src}: drawn ${shown} px from a ${natural} px file`).toBeLessThanOrEqual(natural + 0.5);
    }

    if (shots) await page.screenshot({ path: `${shots}/comparison-${viewport.width}-${javaScriptEnabled ? "js" : "nojs"}.png`, fullPage: true });

    // 'В корзину' under every coin; the first one puts that coin in the cart and stays on the page.
    const buttons = table.getByRole("button", { name: "В корзину" });
    await expect(buttons).toHaveCount(3);
    await buttons.first().click();
    await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("1");
    await expect(page).toHaveURL(/\/product-comparison$/);
  });
}
