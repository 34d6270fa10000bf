// The walk-through's generic checks, so the next defect of these kinds is caught by a test, not by a
// buyer. On every route of spec section 2 (and a first item of each listing), the cart and
// checkout with a coin, the account area, step 3 and an order's pages, at 390 px and 1366 px,
// with JavaScript on and off:
//   - nothing reaches past the right edge (a page that scrolls sideways hides totals and dates);
//   - every visible link, button and field is the element at its own centre (nothing covers it);
//   - axe-core finds no serious or critical violation, on one route per page template (axe
//     takes seconds a page; the templates share their markup with the other routes), with
//     JavaScript on (axe runs inside the page and hangs with it off);
//   - every phone field (sign-in modal, /login, /coin-buyback, the checkout recipient,
//     /admin/login) reads a number typed, pasted or autofilled in any common format as the same
//     +7XXXXXXXXXX, and that number, never a stranger's, reaches the server.
// And the header's quotes bar is one row on a desktop.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { readSmsMessages, waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { phone, waitForHydration } from "./helpers.ts";
import { addCoinToCart, coveredControls, firstLink, horizontalOverflow, placeUnpaidOrder, seriousAxeViolations, signIn, wide } from "./layout-steps.ts";
import { smsOutboxFile } from "./outbox.ts";
import { formatsOf, freshDigits, maskedPhone, ways } from "./phone-ways.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";

const widths = [phone, wide];
const outbox = () => smsOutboxFile(Number(process.env.E2E_PORT ?? 3107));

/** Routes of spec section 2 that need nothing but the demo data. */
const routes = [
  "/",
  "/about",
  "/contacts",
  "/delivery",
  "/how-to-buy",
  "/return",
  "/certificates",
  "/coin-buyback",
  "/partners",
  "/reviews",
  "/quotes-online",
  "/search?q=георгий",
  "/search",
  "/product-comparison",
  "/wishlist",
  "/cart",
  "/checkout",
  "/login",
  "/catalog",
  "/catalog/page/2",
  "/catalog/gold",
  "/catalog/silver",
  "/catalog/gold/monety-georgiy-pobedonosec",
  "/catalog/gold/monety-georgiy-pobedonosec/50-rub",
  "/catalog/gold/monety-seyatel",
  "/catalog/bullion-coins",
  "/catalog/bullion-coins/georgij-pobedonosec",
  "/catalog/bullion-coins/monety-sberbanka",
  "/catalog/bullion-coins/monety-sberbanka/gold",
  "/catalog/bullion-coins/monety-sberbanka/silver",
  "/catalog/bullion-coins/rf",
  "/catalog/memorable-coins",
  "/catalog/gold/rf",
  "/catalog/gold/bullion-coins",
  "/catalog/gold/memorable-coins",
  "/catalog/silver/monety-georgiy-pobedonosec",
  "/catalog/silver/rf",
  "/catalog/silver/bullion-coins",
  "/catalog/silver/memorable-coins",
  "/promo",
  "/news",
  "/news/page/2",
  "/cases",
  "/training",
  "/training/18",
  "/no/such/page",
];

/** Listing pages whose first item is visited too (a product, an article, a promotion). */
const itemsOf: Record<string, string> = { "/catalog": "/products/", "/promo": "/promo/", "/news": "/news/", "/cases": "/cases/", "/training": "/training/" };

/** One route per page template gets axe too (the product page: the first item of /catalog). */
const axeTemplates = new Set([
  "/",
  "/catalog",
  "/about",
  "/coin-buyback",
  "/product-comparison",
  "/login",
  "/quotes-online",
  "/no/such/page",
  "product",
  "/cart",
  "/checkout",
]);

/**
 * axe costs seconds a page, so the templates get it at the phone width, and at the desktop width
 * only those whose desktop layout is its own (the header's menu and search, the catalogue's
 * filters beside the grid, the product's gallery, the checkout's two columns).
 */
const axeOnDesktopToo = new Set(["/", "/catalog", "product", "/checkout"]);
const axeAt = (template: string, width: number) => axeTemplates.has(template) && (width < 1000 || axeOnDesktopToo.has(template));

/** Loads a page and runs the checks; `axe` adds axe-core's. */
async function checkPage(page: Page, path: string, label: string, axe: boolean, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
  const width = page.viewportSize()!.width;
  expect.soft(await horizontalOverflow(page), `${label} at ${width} px reaches past the right edge by`).toBeLessThanOrEqual(0);
  expect.soft(await coveredControls(page), `${label} at ${width} px: covered controls`).toEqual([]);
  // axe-core runs inside the page and never finishes with JavaScript off: the js project checks the templates.
  if (axe && javaScriptEnabled) expect.soft(await seriousAxeViolations(page), `${label} at ${width} px: axe`).toEqual([]);
}

for (const viewport of widths) {
  test(`every page at ${viewport.width} px: fits, nothing covers a control, axe finds nothing serious`, async ({ page, javaScriptEnabled }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const items: string[] = [];
    for (const path of routes) {
      await checkPage(page, path, path, axeAt(path, viewport.width), javaScriptEnabled);
      if (itemsOf[path]) items.push(await firstLink(page, itemsOf[path]));
    }
    for (const [index, path] of items.entries()) await checkPage(page, path, path, index === 0 && axeAt("product", viewport.width), javaScriptEnabled);
    // The cart and checkout with a coin in them.
    await addCoinToCart(page);
    for (const path of ["/cart", "/checkout"]) await checkPage(page, path, `${path} with a coin`, axeAt(path, viewport.width), javaScriptEnabled);
  });
}

test("a signed-in buyer's pages pass the same checks: account, step 3, an order, /payment-error, /thanks", async ({ page, baseURL, javaScriptEnabled }) => {
  test.setTimeout(180_000);
  const check = async (path: string, axe: boolean) => {
    for (const viewport of widths) {
      await page.setViewportSize(viewport);
      // The account's pages share the storefront's desktop layout, checked above: axe at the phone width.
      await checkPage(page, path, path.replace(/\d+/g, "N"), axe && viewport.width < 1000, javaScriptEnabled);
    }
  };
  const buyer = await signIn(page, baseURL!);
  await check("/cabinet/create", true);
  await buyer.completeProfile();
  await addCoinToCart(page);
  const order = await placeUnpaidOrder(page, buyer.phone, javaScriptEnabled);
  await check(`/payment-error?order=${order}`, true);
  await check(`/my/orders/${order}`, true);
  await check("/my", false);
  await check("/my/orders", true);
  for (const path of ["/my/profile", "/my/profile/edit", "/my/buyback", "/my/coins", "/my/alerts"]) await check(path, false);
  // Pay it: the sandbox payment page and the /thanks page of a paid order.
  await page.goto(`/payment-error?order=${order}`);
  await page.getByTestId("pay-again").click();
  await expect(page).toHaveURL(/\/payment\/sandbox\//);
  await check(page.url().replace(baseURL!, ""), false);
  await page.getByRole("button", { name: "Оплатить" }).click();
  await expect(page).toHaveURL(/\/thanks\?order=\d+$/);
  await check(`/thanks?order=${order}`, true);
});

test.describe("the quotes bar on a desktop", () => {
  for (const width of [1280, 1366, 1440]) {
    test(`is one row at ${width} px: the five figures, the update time, the market flag and 'Графики'`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/catalog");
      const bar = page.getByTestId("quotes-bar");
      const middles = await bar
        .locator("li, time, a")
        .evaluateAll((parts) => parts.map((part) => Math.round(part.getBoundingClientRect().top + part.getBoundingClientRect().height / 2)));
      expect(middles.length).toBeGreaterThanOrEqual(7);
      expect(Math.max(...middles) - Math.min(...middles), `middles of the bar's parts: ${middles.join(", ")}`).toBeLessThanOrEqual(2);
      expect((await bar.boundingBox())!.height).toBeLessThan(40);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Phone fields

test.describe("every phone field", () => {
  test.use({ viewport: wide, permissions: ["clipboard-read", "clipboard-write"] });

  /**
   * With JavaScript the masked fields show every format, however it was put in, as
   * +7 (916) 111-22-33; without it they are plain fields and the server reads the text.
   */
  async function expectMaskReadsEveryWay(page: Page, field: Locator) {
    const digits = "9161112233";
    for (const text of formatsOf(digits)) {
      for (const [way, put] of Object.entries(ways)) {
        await field.fill("");
        await put(page, field, text);
        await expect.soft(field, `${text} ${way}`).toHaveValue(maskedPhone(digits));
      }
    }
  }

  /** Each format once, the ways taking turns: what it yields for the number sent. */
  function submissions(prefix: string) {
    const names = Object.keys(ways);
    return Array.from({ length: formatsOf("").length }, (_, index) => {
      const digits = freshDigits(prefix);
      const way = names[index % names.length]!;
      return { digits, way, put: ways[way]!, text: formatsOf(digits)[index]! };
    });
  }

  /** The code went to +7 and the digits, and none to the stranger a mask reading the 8 or 7 as a digit makes of them. */
  async function expectSmsTo(digits: string, what: string) {
    expect(await waitForSmsCode(outbox(), `+7${digits}`), what).toMatch(/^\d{4}$/);
    const strangers = [`+77${digits.slice(0, 9)}`, `+78${digits.slice(0, 9)}`];
    expect(
      (await readSmsMessages(outbox())).filter((sms) => strangers.includes(sms.to)),
      what,
    ).toEqual([]);
  }

  test("/login sends the code to the number however it was written and put in", async ({ page, javaScriptEnabled }) => {
    test.setTimeout(90_000);
    await page.goto("/login");
    if (javaScriptEnabled) {
      await waitForHydration(page);
      await expectMaskReadsEveryWay(page, page.getByLabel("Телефон"));
    }
    for (const { digits, way, put, text } of submissions("931")) {
      await page.context().clearCookies();
      await page.goto("/login");
      if (javaScriptEnabled) await waitForHydration(page);
      const field = page.getByLabel("Телефон");
      await put(page, field, text);
      await page.getByRole("button", { name: "Продолжить" }).click();
      await expect(page.getByText(`Код отправлен на ${maskedPhone(digits)}.`), `${text} ${way}`).toBeVisible();
      await expectSmsTo(digits, `${text} ${way}`);
    }
  });

  test("the sign-in modal sends the code to the number however it was written and put in", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the modal needs JavaScript; without it 'Войти' leads to /login");
    test.setTimeout(90_000);
    await page.goto("/catalog/gold");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Войти" }).click();
    const modal = page.getByTestId("login-modal");
    await expectMaskReadsEveryWay(page, modal.getByLabel("Телефон"));
    for (const { digits, way, put, text } of submissions("932")) {
      await modal.getByLabel("Телефон").fill("");
      await put(page, modal.getByLabel("Телефон"), text);
      await modal.getByRole("button", { name: "Продолжить" }).click();
      await expect(modal.getByText(`Код отправлен на ${maskedPhone(digits)}.`), `${text} ${way}`).toBeVisible();
      await expectSmsTo(digits, `${text} ${way}`);
      await modal.getByRole("button", { name: "Изменить номер" }).click();
    }
  });

  test("/admin/login reads the number however it was written and put in", async ({ page, javaScriptEnabled }) => {
    test.setTimeout(90_000);
    for (const { digits, way, put, text } of submissions("933")) {
      await page.context().clearCookies();
      await page.goto("/admin/login");
      if (javaScriptEnabled) await waitForHydration(page);
      await put(page, page.getByLabel("Телефон"), text);
      await page.getByRole("button", { name: "Получить код" }).click();
      // The step shows the number the server read.
      await expect(page.getByText(`${maskedPhone(digits)}.`), `${text} ${way}`).toBeVisible();
    }
  });

  test("/coin-buyback saves the request under the seller's own number", async ({ page, baseURL, javaScriptEnabled }) => {
    test.setTimeout(90_000);
    const buyer = await signIn(page, baseURL!);
    await buyer.completeProfile();
    const digits = buyer.phone.replace(/\D/g, "").slice(1);
    await page.goto("/coin-buyback");
    if (javaScriptEnabled) await waitForHydration(page);
    // A signed-in seller finds their name and number already there.
    await expect(page.getByLabel("Имя")).toHaveValue("Полякова Мария");
    await expect(page.getByLabel("Телефон")).toHaveValue(maskedPhone(digits));
    if (javaScriptEnabled) {
      await expectMaskReadsEveryWay(page, page.getByLabel("Телефон"));
    }
    // Two requests (the shop takes five an hour from one address): two formats, two ways.
    const sent: string[] = [];
    for (const [index, way] of (["pasted from the clipboard", "typed"] as const).entries()) {
      await page.goto("/coin-buyback");
      if (javaScriptEnabled) await waitForHydration(page);
      const form = page.getByRole("form", { name: "Заявка на выкуп" });
      await form.getByLabel("Имя").fill("Полякова Мария");
      await form.getByLabel("Телефон").fill("");
      const text = formatsOf(digits)[index === 0 ? 4 : 5]!;
      await ways[way]!(page, form.getByLabel("Телефон"), text);
      await form.getByLabel("Что хотите продать").fill("Георгий Победоносец 50 рублей, 1 шт.");
      await form.getByLabel(/Согласен на обработку/).check();
      await form.getByRole("button", { name: /Отправить/ }).click();
      const notice = page.getByText(/Заявка В-\d+ принята/);
      await expect(notice, `${text} ${way}`).toBeVisible();
      sent.push((await notice.textContent())!.match(/В-\d+/)![0]);
    }
    await page.goto("/my/buyback");
    for (const number of sent) await expect(page.getByText(number).first()).toBeVisible();
  });

  test("checkout stores the recipient's number however it was written and put in", async ({ page, baseURL, javaScriptEnabled }) => {
    test.setTimeout(90_000);
    const buyer = await signIn(page, baseURL!);
    await buyer.completeProfile();
    // Two orders (a buyer may have two unpaid): a format with +7 and spaces pasted, one with 8 and brackets typed.
    for (const [index, way] of (["pasted from the clipboard", "typed"] as const).entries()) {
      const digits = freshDigits(index === 0 ? "934" : "935");
      const text = formatsOf(digits)[index === 0 ? 4 : 5]!;
      await addCoinToCart(page);
      const order = await placeUnpaidOrder(page, text, javaScriptEnabled, ways[way]);
      await page.goto(`/my/orders/${order}`);
      await expect(page.getByText(/Получатель:/), `${text} ${way}`).toContainText(formatPhone(`+7${digits}`));
    }
  });
});
