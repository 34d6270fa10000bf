// Steps shared by the layout specs (phone-first, overflow). Not a spec file.
import { expect, type Locator, type Page } from "@playwright/test";
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
 * Signs a buyer in (a new one unless `digits` names a known phone) through the /api calls (the browser shares their cookies). One code per
 * call: the shop allows 20 codes an hour per address, shared by the whole e2e run.
 */
export async function signIn(page: Page, baseURL: string, digits = `928${String(Date.now()).slice(-7)}`) {
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

/** Picks a delivery at checkout: with JavaScript it applies at once, without it the 'Применить' button does. */
export async function chooseDelivery(page: Page, id: number, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    // The choice is posted at once and the page comes back with the form rebuilt: wait for both.
    const posted = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/checkout") && response.request().method() === "POST");
    await page.getByTestId(`delivery-${id}`).check();
    await posted;
    await expect(page.locator('form[aria-busy="true"]')).toHaveCount(0);
  } else {
    await page.getByTestId(`delivery-${id}`).check();
    await page.getByRole("button", { name: "Применить способ доставки" }).click();
  }
  await expect(page.getByTestId(`delivery-${id}`)).toBeChecked();
}

/**
 * A signed-in buyer with a coin in the cart places an order to a pickup point (the recipient
 * phone put in by `putPhone`, filled by default) and cancels the payment: the page ends on /payment-error?order=N. Returns the order id.
 */
/** Office pickup at checkout: picks the first day and time with a free place from the slot select; returns its value. */
export async function chooseFirstPickupSlot(page: Page): Promise<string> {
  const select = page.getByTestId("pickup-slot");
  const value = await select.locator("option:not([disabled])").first().getAttribute("value");
  await select.selectOption(value!);
  return value!;
}

export async function placeUnpaidOrder(
  page: Page,
  phone: string,
  javaScriptEnabled: boolean,
  putPhone: (page: Page, field: Locator, text: string) => Promise<void> = async (_page, field, text) => field.fill(text),
): Promise<string> {
  await page.goto("/checkout");
  const phoneField = page.getByLabel("Телефон");
  await phoneField.fill("");
  await putPhone(page, phoneField, phone);
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

/**
 * Every visible link, button, field and summary that something else covers: each is scrolled
 * to the middle of the screen and `document.elementFromPoint` at the centre of its box must be
 * the element, something inside it, or its label (a styled radio or checkbox is clicked through
 * its label). Elements still outside the screen after scrolling (a closed drawer) are skipped,
 * as are the visually hidden ones (1 px or less, transparent or invisible). Returns one line
 * per covered element: what it is and what lies on top of it.
 */
export function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : "";
      const testId = element.getAttribute("data-testid");
      const text = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const named = text || element.getAttribute("name") || element.getAttribute("href") || "";
      return `<${element.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ""}> "${named}"`;
    };
    const problems: string[] = [];
    const start = { x: window.scrollX, y: window.scrollY };
    const controls = document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, summary");
    for (const element of controls) {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const first = element.getClientRects()[0];
      if (!first || first.width <= 1 || first.height <= 1) continue;
      element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      // A link broken over two lines: the centre of its first line, not of the box around both.
      const rect = element.getClientRects()[0]!;
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === element || element.contains(hit)) continue;
      const labels = "labels" in element ? [...((element as HTMLInputElement).labels ?? [])] : [];
      if (labels.some((label) => label === hit || label.contains(hit))) continue;
      problems.push(`${describe(element)} is covered by ${describe(hit)}`);
    }
    window.scrollTo({ left: start.x, top: start.y, behavior: "instant" });
    return problems;
  });
}

/**
 * axe-core's serious and critical violations on the page, one line each with up to five places.
 * JavaScript on only: axe runs inside the page and never finishes with it off.
 *
 * In axe's legacy mode the whole run happens in the page: the default mode opens a blank page
 * to combine the frames' results, which doubled each check (/catalog 4.1 -> 2.0 s). The rules
 * and the results are the same: on /catalog, /checkout, /contacts and /quotes-online every
 * rule's outcome and node count matched (decision 040).
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  return analyze(new AxeBuilder({ page }).setLegacyMode(true));
}

async function analyze(builder: {
  analyze(): Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
}) {
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(" "))
          .join(" | ")}`,
    );
}
