// Office pickup booked for a time, on a phone and a desktop, with and without JavaScript: the buyer
// picks a day and a time from the office's hours at checkout, the order page says when to come, and
// the manager finds the booking in the day's schedule on /admin/pickup.
import { expect, test } from "./fixtures.ts";
import { phone, waitForHydration } from "./helpers.ts";
import { e2eManagers } from "./back-office-data.ts";
import { signInStaff } from "./back-office.ts";
import { addCoinToCart, chooseDelivery, horizontalOverflow, signIn, wide } from "./layout-steps.ts";

const shots = process.env.SCREENSHOTS_DIR;

for (const viewport of [phone, wide]) {
  test(`choosing an office pickup slot at ${viewport.width} px`, async ({ page, javaScriptEnabled, baseURL }) => {
    test.setTimeout(120_000);
    const mode = javaScriptEnabled ? "js" : "nojs";
    await page.setViewportSize(viewport);
    const buyer = await signIn(page, baseURL!);
    await buyer.completeProfile();
    await addCoinToCart(page);
    await page.goto("/checkout");
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel("Телефон").fill(buyer.phone);
    await chooseDelivery(page, 35, javaScriptEnabled);

    const select = page.getByLabel("День и время в офисе (МСК)");
    await expect(select).toBeVisible();
    // Not the first slot: the choice, not a default, is what gets booked.
    const values = await select.locator("option:not([disabled])").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    const chosen = values[1]!;
    await select.selectOption(chosen);
    expect(await horizontalOverflow(page)).toBe(0);
    if (shots) {
      await page.locator("#pickup").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/checkout-pickup-${viewport.width}-${mode}.png` });
    }

    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/payment\/sandbox\//);
    await page.getByRole("button", { name: "Оплатить" }).click();
    await expect(page).toHaveURL(/\/thanks\?order=\d+$/);
    const orderId = new URL(page.url()).searchParams.get("order")!;
    await page.goto(`/my/orders/${orderId}`);
    const slot = page.getByTestId("order-pickup-slot");
    await expect(slot).toContainText(`${chosen.slice(11)}–`);
    await expect(slot).toContainText("(МСК)");
    expect(await horizontalOverflow(page)).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/order-pickup-${viewport.width}-${mode}.png`, fullPage: true });

    // The manager's schedule of that day lists the booking. One sign-in a project (a staff phone gets
    // a new code only after two minutes): the phone run looks at it at both widths.
    if (viewport !== phone) return;
    await signInStaff(page, e2eManagers[javaScriptEnabled ? "js" : "nojs"]);
    await page.goto(`/admin/pickup?day=${chosen.slice(0, 10)}`);
    await expect(page.getByTestId(`slot-${chosen}`)).toContainText(buyer.phone);
    for (const size of [phone, wide]) {
      await page.setViewportSize(size);
      expect(await horizontalOverflow(page)).toBe(0);
      if (shots) await page.screenshot({ path: `${shots}/admin-pickup-${size.width}-${mode}.png`, fullPage: true });
    }
  });
}
