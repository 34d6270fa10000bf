// What a buyer on a slow phone types before the page's scripts come: the server's plain fields
// take it, the enhanced ones take over, and nothing typed is lost or misread.
//  - A number typed as the masked field comes to life in the middle of the typing is the number
//    in the field and sent: the 8 of "8 (9…" a prefix, no key lost, none misplaced. Both ways the
//    field comes to life: with the page (/login) and after it, from its own chunk (the checkout's
//    DeferredPhoneField).
//  - A registration form filled in and ticked before hydration keeps its button enabled.
import type { Locator, Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { desktop, mobileMenu, phone, waitForHydration } from "./helpers.ts";
import { addCoinToCart, placeUnpaidOrder, signIn } from "./layout-steps.ts";
import { smsOutboxFile } from "./outbox.ts";
import { formatsOf, freshDigits, maskedPhone } from "./phone-ways.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";

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
  return () => cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
}

/**
 * Puts the number in as a buyer on a slow phone does: the first keys ("8 (9") into the server's
 * field, then the held scripts come and the rest is typed while they start.
 */
function typedAcrossHydration(release: () => void) {
  return async (page: Page, field: Locator, text: string) => {
    await field.pressSequentially(text.slice(0, 4));
    release();
    await field.pressSequentially(text.slice(4));
    await waitForHydration(page);
  };
}

test("/login: the number typed while the page loads is the number the code goes to", async ({ page }) => {
  const release = await holdScripts(page, /\/assets\/.*\.js$/);
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  await slowCpu(page);
  const digits = freshDigits("936");
  const field = page.getByLabel("Телефон");
  await typedAcrossHydration(release)(page, field, formatsOf(digits)[5]!);
  await expect(field).toHaveValue(maskedPhone(digits));
  await page.getByRole("button", { name: "Продолжить" }).click();
  await expect(page.getByText(`Код отправлен на ${maskedPhone(digits)}.`)).toBeVisible();
  expect(await waitForSmsCode(smsOutboxFile(Number(process.env.E2E_PORT ?? 3107)), `+7${digits}`)).toMatch(/^\d{4}$/);
});

test("checkout: the recipient typed while the field's own code loads is the number the order keeps", async ({ page, baseURL }) => {
  // Sign-in, the cart and the order's submission at a sixfold slower CPU took over 30 s in the whole
  // suite on a busy machine (the fresh-clone CI run on 04f457e); only the typing needs the slow phone.
  test.setTimeout(60_000);
  const buyer = await signIn(page, baseURL!);
  await buyer.completeProfile();
  await addCoinToCart(page);
  const release = await holdScripts(page, /\/assets\/PhoneField-[^/]*\.js$/);
  const fastCpu = await slowCpu(page);
  const digits = freshDigits("937");
  const typeThenFastCpu = async (...args: Parameters<ReturnType<typeof typedAcrossHydration>>) => {
    await typedAcrossHydration(release)(...args);
    await fastCpu();
  };
  const order = await placeUnpaidOrder(page, formatsOf(digits)[5]!, true, typeThenFastCpu);
  await page.goto(`/my/orders/${order}`);
  await expect(page.getByText(/Получатель:/)).toContainText(formatPhone(`+7${digits}`));
});

test("/cabinet/create: a form filled in before the scripts came can be sent", async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  const release = await holdScripts(page, /\/assets\/.*\.js$/);
  await page.goto("/cabinet/create", { waitUntil: "domcontentloaded" });
  await page.getByLabel("ФИО").fill("Полякова Мария");
  await page.getByLabel("E-mail").fill("maria@example.ru");
  await page.getByLabel(/Согласен на обработку/).check();
  release();
  await waitForHydration(page);
  const finish = page.getByRole("button", { name: "Завершить регистрацию" });
  await expect(finish).toBeEnabled();
  await finish.click();
  await page.waitForURL((url) => !url.pathname.startsWith("/cabinet"));
  await page.goto("/my/privacy");
  await expect(page.getByTestId("consent")).toHaveCount(1);
});

test.describe("on a phone", () => {
  test.use({ viewport: phone });

  test("the side menu opened before the scripts came stays open when they come, and a link in it still closes it", async ({ page }) => {
    const release = await holdScripts(page, /\/assets\/.*\.js$/);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const menu = mobileMenu(page);
    await menu.burger.click();
    await expect(menu.drawer.getByRole("link", { name: /Авито/ })).toBeVisible();
    release();
    await waitForHydration(page);
    await expect(menu.root).toHaveAttribute("open", "");
    await expect(menu.drawer.getByRole("link", { name: /Авито/ })).toBeVisible();
    // Navigating still closes it.
    await menu.drawer.getByRole("link", { name: "Контакты" }).click();
    await page.waitForURL("**/contacts");
    await expect(menu.root).not.toHaveAttribute("open", "");
  });
});
