// Steps shared by the layout specs (phone-first, overflow). Not a spec file.
import { expect, type Page } from "@playwright/test";
import { waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { smsOutboxFile } from "./outbox.ts";

export const wide = { width: 1366, height: 768 };

/** How far the page reaches past the right edge of the screen, in CSS px (0 when it fits). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The href of the first link on the page whose address starts with `prefix` (and is not a listing page). */
export async function firstLink(page: Page, prefix: string): Promise<string> {
  const hrefs = await page.locator(`main a[href^="${prefix}"]`).evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((candidate) => candidate.length > prefix.length && !candidate.includes("/page/"));
  expect(href, `a link to ${prefix}… on ${page.url()}`).toBeTruthy();
  return href!;
}

/** The address of a coin in stock: the first card of the silver catalogue. */
export async function coinHref(page: Page): Promise<string> {
  await page.goto("/catalog/silver");
  return firstLink(page, "/products/");
}

/** Puts one coin in the cart from its page (a POST form with or without JavaScript); returns the coin's address. */
export async function addCoinToCart(page: Page): Promise<string> {
  const href = await coinHref(page);
  await page.goto(href);
  await page.getByRole("region", { name: "Цена и покупка" }).getByRole("button", { name: "В корзину" }).click();
  await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("1");
  return href;
}

/**
 * Signs a new buyer in through the /api calls (the browser shares their cookies). One code per
 * call: the shop allows 20 codes an hour per address, shared by the whole e2e run.
 */
export async function signIn(page: Page, baseURL: string) {
  const digits = `928${String(Date.now()).slice(-7)}`;
  const api = (path: string, data: unknown) => page.request.post(path, { data, headers: { Origin: baseURL } });
  expect((await api("/api/auth/get-code", { phone: `+7${digits}` })).status()).toBe(200);
  const code = await waitForSmsCode(smsOutboxFile(Number(process.env.E2E_PORT ?? 3107)), `+7${digits}`);
  expect((await api("/api/auth/check-code", { phone: `+7${digits}`, code })).status()).toBe(200);
  return {
    phone: `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
    /** Step 3 ('Завершение регистрации') through /api/me. */
    completeProfile: async () => expect((await api("/api/me", { name: "Полякова Мария", email: "maria@example.ru" })).status()).toBe(200),
  };
}

/**
 * A signed-in buyer with a coin in the cart places an order to a pickup point and cancels
 * the payment: the page ends on /payment-error?order=N. Returns the order id.
 */
export async function placeUnpaidOrder(page: Page, phone: string, javaScriptEnabled: boolean): Promise<string> {
  await page.goto("/checkout");
  await page.getByLabel("Телефон").fill(phone);
  await page.getByTestId("delivery-76").check();
  // With JavaScript the choice applies at once; without it, this button applies it.
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Применить способ доставки" }).click();
  await expect(page.getByTestId("point-list").getByRole("radio").first()).toBeVisible();
  await page.getByTestId("point-list").getByRole("radio").nth(1).check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/payment\/sandbox\//);
  await page.getByRole("button", { name: "Отменить" }).click();
  await expect(page).toHaveURL(/\/payment-error\?order=\d+$/);
  return new URL(page.url()).searchParams.get("order")!;
}
