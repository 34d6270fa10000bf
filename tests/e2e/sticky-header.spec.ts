// The sticky header of the cart and checkout (spec section 2) does not cover what the browser
// scrolls to: an empty required field the browser stops the order at comes to rest below it
// (its bubble floated over the logo).
import { expect, test } from "./fixtures.ts";
import { desktop, phone, waitForHydration } from "./helpers.ts";
import { addCoinToCart, signIn } from "./layout-steps.ts";

for (const [name, viewport] of [
  ["a phone", phone],
  ["a desktop", desktop],
] as const) {
  test(`on ${name}, the empty field the browser stops the order at is not under the sticky header`, async ({ page, javaScriptEnabled, baseURL }) => {
    await page.setViewportSize(viewport);
    await (await signIn(page, baseURL!)).completeProfile();
    await addCoinToCart(page);
    await page.goto("/checkout");
    if (javaScriptEnabled) await waitForHydration(page);
    const surname = page.getByLabel("Фамилия");
    await surname.fill("");
    const place = page.getByTestId("place-order");
    await place.scrollIntoViewIfNeeded();
    await place.click();
    await expect(surname).toBeFocused();
    expect(await surname.evaluate((field: HTMLInputElement) => field.validity.valueMissing)).toBe(true);
    const header = (await page.getByTestId("site-header").boundingBox())!;
    const field = (await surname.boundingBox())!;
    // The field, and the label above it, below the header's bottom edge.
    expect(field.y).toBeGreaterThanOrEqual(header.y + header.height + 16);
  });
}
