// The analytics cookie banner on a phone and a desktop, JavaScript on and off:
// it sits over the page without hiding its content, 'Отказаться' removes it and Yandex Metrica is
// never fetched, 'Принять' removes it and the counter starts (with JavaScript without a page load).
// The e2e shop has no counter, so this spec starts one of its own with METRICA_COUNTER_ID.
// Screenshots go to test-results/cookie-banner/ to be looked at.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { startShop, type Shop } from "../support/server.ts";
import { phone, waitForHydration } from "./helpers.ts";

let shop: Shop;

test.beforeAll(async ({}, info) => {
  info.setTimeout(180_000);
  shop = await startShop({ env: { METRICA_COUNTER_ID: "98765", LOG_LEVEL: "warn" } });
});

test.afterAll(async () => {
  await shop?.stop();
});

/** Answers Metrica's script with a stand-in that marks the page, and counts the requests for it. */
async function fakeMetrica(page: Page): Promise<{ requests: () => number }> {
  let count = 0;
  await page.route("https://mc.yandex.ru/**", async (route) => {
    count++;
    await route.fulfill({ contentType: "application/javascript", body: "window.__metricaLoaded = true;" });
  });
  return { requests: () => count };
}

for (const [name, viewport] of [
  ["phone", phone],
  ["desktop", { width: 1366, height: 800 }],
] as const) {
  test(`the banner on a ${name}: 'Отказаться' keeps Metrica off and the banner gone`, async ({ page, javaScriptEnabled }) => {
    const shot = (what: string) => `test-results/cookie-banner/${what}-${name}-${javaScriptEnabled ? "js" : "nojs"}.png`;
    const metrica = await fakeMetrica(page);
    await page.setViewportSize(viewport);
    await page.goto(`${shop.url}/catalog/gold`);
    if (javaScriptEnabled) await waitForHydration(page);
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: "Подробнее" })).toHaveAttribute("href", "/privacy");
    // Fits the screen: no wider than the viewport, and leaves most of it to the page.
    const box = (await banner.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.height).toBeLessThan(viewport.height / 3);
    await page.screenshot({ path: shot("banner") });

    await banner.getByRole("button", { name: "Отказаться" }).click();
    await expect(banner).toHaveCount(0);
    await expect(page).toHaveURL(`${shop.url}/catalog/gold`);
    await page.reload();
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    expect(metrica.requests()).toBe(0);
    await page.screenshot({ path: shot("declined") });
  });

  test(`the banner on a ${name}: 'Принять' starts the counter and the banner goes`, async ({ page, javaScriptEnabled }) => {
    const metrica = await fakeMetrica(page);
    await page.setViewportSize(viewport);
    await page.goto(`${shop.url}/`);
    if (javaScriptEnabled) {
      await waitForHydration(page);
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    }
    expect(metrica.requests()).toBe(0);
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Принять" }).click();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    if (javaScriptEnabled) {
      // The fetcher answered in place: the same document, and the counter started in it.
      await expect.poll(() => page.evaluate(() => (window as unknown as { __metricaLoaded?: boolean }).__metricaLoaded === true)).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    } else {
      // Without JavaScript no script runs, but the page now carries the counter for a browser that would.
      expect(await page.content()).toContain("mc.yandex.ru/metrika/tag.js");
    }
    await page.goto(`${shop.url}/about`);
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  });
}
