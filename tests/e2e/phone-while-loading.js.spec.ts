// A number typed while the page's scripts are still on their way (a slow phone): the server's
// plain tel field takes the first keys, the masked field takes over in the middle of the
// typing, and the number in the field, and sent, is the one typed — the 8 of "8 (9…" a prefix,
// no key lost, none misplaced. Both ways the field comes to life: with the page (/login) and
// after it, from its own chunk (the checkout's DeferredPhoneField).
import { expect, test, type Page, type Route } from "@playwright/test";
import { waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { desktop, waitForHydration } from "./helpers.ts";
import { addCoinToCart, signIn } from "./layout-steps.ts";
import { smsOutboxFile } from "./outbox.ts";
import { freshDigits, maskedPhone } from "./phone-ways.ts";

test.use({ viewport: desktop });

/** Holds the scripts whose address matches until `release` is called: the page stays the server's HTML. */
async function holdScripts(page: Page, matching: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(matching, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A phone that is slow to run scripts: the field comes to life while the keys keep coming. */
async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
}

/** "8 (9" typed into the server's field, then the scripts come, and the rest is typed as they start. */
async function typeAcrossHydration(page: Page, release: () => void, digits: string) {
  const field = page.getByLabel("Телефон");
  await field.fill("");
  const typed = `8 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
  await field.pressSequentially(typed.slice(0, 4));
  release();
  await field.pressSequentially(typed.slice(4));
  await waitForHydration(page);
  await expect(field).toHaveValue(maskedPhone(digits));
}

test("/login: the number typed while the page loads is the number the code goes to", async ({ page }) => {
  const release = await holdScripts(page, /\/assets\/.*\.js$/);
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  await slowCpu(page);
  const digits = freshDigits("936");
  await typeAcrossHydration(page, release, digits);
  await page.getByRole("button", { name: "Продолжить" }).click();
  await expect(page.getByText(`Код отправлен на ${maskedPhone(digits)}.`)).toBeVisible();
  expect(await waitForSmsCode(smsOutboxFile(Number(process.env.E2E_PORT ?? 3107)), `+7${digits}`)).toMatch(/^\d{4}$/);
});

test("checkout: the recipient typed while the field's own code loads is the number the order keeps", async ({ page, baseURL }) => {
  const buyer = await signIn(page, baseURL!);
  await buyer.completeProfile();
  await addCoinToCart(page);
  const release = await holdScripts(page, /\/assets\/PhoneField-[^/]*\.js$/);
  await page.goto("/checkout");
  await slowCpu(page);
  const digits = freshDigits("937");
  await typeAcrossHydration(page, release, digits);
  await page.getByTestId("delivery-76").check();
  await page.getByTestId("point-list").getByRole("radio").nth(1).check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/payment\/sandbox\//);
  await page.getByRole("button", { name: "Отменить" }).click();
  await expect(page).toHaveURL(/\/payment-error\?order=\d+$/);
  await page.goto(`/my/orders/${new URL(page.url()).searchParams.get("order")}`);
  await expect(page.getByText(/Получатель:/)).toContainText(`+7${digits}`);
});
