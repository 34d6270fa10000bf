// Shared steps of the e2e specs. Not a spec file: Playwright only runs *.spec.ts.
import { expect, type Locator, type Page } from "@playwright/test";
import { waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { signIn } from "./layout-steps.ts";
import { smsOutboxFile } from "./outbox.ts";

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 800 };

/**
 * Waits until React has hydrated the page: the root layout's effect, which runs after every
 * other effect of the first render, sets `data-hydrated` on <html> (app/root.tsx). Without
 * this, a click could land before the handlers exist and test the no-JS path.
 */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** True once React has hydrated the document (see waitForHydration). */
export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));
}

/**
 * Marks the current document; `expectSameDocument` then proves a navigation was handled
 * by the client router (a full page load would start a new document without the mark).
 */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark: boolean }).__e2eMark = true;
  });
}
export async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true)).toBe(true);
}

/** Collects console errors and warnings and uncaught page errors of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The mobile side menu's parts. */
export function mobileMenu(page: Page) {
  const root = page.getByTestId("mobile-menu");
  return {
    root,
    burger: root.locator("summary"),
    drawer: page.getByRole("navigation", { name: "Меню сайта" }),
    overlay: page.getByTestId("mobile-menu-overlay"),
    search: page.locator("#mobile-search"),
  };
}

/** Clicks the dimmed overlay to the right of the drawer (its centre lies under the drawer). */
export async function clickOutsideDrawer(page: Page) {
  const size = page.viewportSize()!;
  await mobileMenu(page).overlay.click({ position: { x: size.width - 12, y: Math.round(size.height * 0.6) } });
}

/**
 * Without JavaScript the browser checks the inputs' native constraints (required, maxlength,
 * decision 029) before it posts. Asserts that it refuses this form as filled, each of `missing`
 * being an empty required field, then lets the next post through (noValidate) so that the
 * server's own messages, which the spec words, can be checked as well.
 */
export async function expectNativeRefusal(form: Locator, missing: Locator[]) {
  expect(await form.evaluate((element: HTMLFormElement) => element.checkValidity())).toBe(false);
  for (const field of missing) expect(await field.evaluate((element: HTMLInputElement) => element.validity.valueMissing)).toBe(true);
  await form.evaluate((element: HTMLFormElement) => {
    element.noValidate = true;
  });
}

/**
 * A new buyer, signed in with step 3 done, on /checkout with the recipient filled (Полякова
 * Мария, the buyer's phone) and, unless `pickupPoint` is false, the first pickup point ticked.
 * Returns the buyer (its phone as the page shows it).
 */
export async function signInAndFillCheckout(page: Page, baseURL: string, javaScriptEnabled: boolean, { pickupPoint = true } = {}) {
  const buyer = await signIn(page, baseURL);
  await buyer.completeProfile();
  await page.goto("/checkout");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Фамилия").fill("Полякова");
  await page.getByLabel("Имя", { exact: true }).fill("Мария");
  await page.getByLabel("Телефон").fill(buyer.phone);
  if (pickupPoint) await page.getByTestId("point-list").getByRole("radio").first().check();
  return buyer;
}

/** Signs the buyer in at /login as a person does, back to `to`. */
export async function signInBuyer(page: Page, buyer: { typed: string; normal: string }, javaScriptEnabled: boolean, to: string) {
  const since = new Date();
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  // Typed before hydration, the phone would go by the no-JS form and the code page would then
  // wait for a «Войти» click this path does not make.
  if (javaScriptEnabled) await waitForHydration(page);
  const phoneField = page.getByLabel("Телефон");
  if (javaScriptEnabled) await phoneField.pressSequentially(buyer.normal.slice(2));
  else await phoneField.fill(buyer.typed);
  await page.getByRole("button", { name: "Продолжить" }).click();
  const code = await waitForSmsCode(smsOutboxFile(Number(process.env.E2E_PORT ?? 3107)), buyer.normal, { after: since });
  if (javaScriptEnabled) await page.getByLabel("Код из SMS").pressSequentially(code);
  else {
    await page.getByLabel("Код из SMS").fill(code);
    await page.getByRole("button", { name: "Войти" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`${to}$`));
}
