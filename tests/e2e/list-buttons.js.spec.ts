// The list buttons with JavaScript (issue 21 items 5 and 11): the wishlist and comparison
// toggles show their state at once and undo it; 'В корзину' is busy while it works, then
// says what it did, and three impatient clicks (or a double click) add one coin.
import { expect, test } from "@playwright/test";
import { desktop, waitForHydration } from "./helpers.ts";

test.use({ viewport: desktop });

test("the wishlist and comparison buttons show that a coin is there and take it out again", async ({ page }) => {
  await page.goto("/catalog/gold");
  await waitForHydration(page);
  const card = page.getByTestId("product-card").first();
  for (const [list, badgeLink] of [
    ["wishlist", "wishlist-link"],
    ["compare", "compare-link"],
  ] as const) {
    const toggle = card.getByTestId(`${list}-toggle`);
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(toggle).toHaveAttribute("title", list === "wishlist" ? "В избранном" : "В сравнении");
    await expect(page.getByTestId(badgeLink).getByTestId("count-badge")).toHaveText("1");
    await page.reload();
    await waitForHydration(page);
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId(badgeLink).getByTestId("count-badge")).toHaveCount(0);
  }
});

test("three impatient clicks on 'В корзину' add one coin, and the card says so", async ({ page }) => {
  await page.goto("/catalog/silver");
  await waitForHydration(page);
  const card = page.getByTestId("product-card").nth(2);
  const button = card.getByRole("button", { name: "В корзину" });
  await button.scrollIntoViewIfNeeded();
  // Slow the answer down so the clicks land while the first is on its way.
  await page.route("**/cart*", async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  // Every POST the clicks sent, to wait for all of them to be answered (not for network silence).
  const posts: Promise<unknown>[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.response());
  });
  const box = (await button.boundingBox())!;
  for (let i = 0; i < 3; i++) {
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    if (i === 0) await expect(card.getByRole("button", { name: "Добавляем…" })).toBeDisabled();
  }
  await expect(card.getByTestId("in-cart")).toHaveText("Добавлено. В корзине: 1 шт.");
  await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("1");
  await page.unroute("**/cart*");
  await Promise.all(posts);
  const cart = await page.request.get("/api/cart");
  expect((await cart.json()).data.totalCoins).toBe(1);
});

test("a double click on 'В корзину' right after both toggles sends one addition: one coin, both lists changed", async ({ page }) => {
  await page.goto("/catalog/silver");
  await waitForHydration(page);
  const card = page.getByTestId("product-card").nth(1);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  // The card's three buttons share one form; each list goes through a fetcher of its own.
  await card.getByTestId("wishlist-toggle").click();
  await card.getByTestId("compare-toggle").click();
  // A double click whose second press lands before React has drawn the first one's busy state:
  // both clicks in one task, so nothing can render between them.
  await card.getByRole("button", { name: "В корзину" }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(card.getByTestId("in-cart")).toHaveText("Добавлено. В корзине: 1 шт.");
  await expect(card.getByTestId("wishlist-toggle")).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByTestId("compare-toggle")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("1");
  expect(posts.filter((path) => path.startsWith("/cart"))).toHaveLength(1);
  const cart = await page.request.get("/api/cart");
  expect((await cart.json()).data.totalCoins).toBe(1);
});
