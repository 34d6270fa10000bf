// The visible-text check of every e2e test (fixtures.ts): it finds a leaked value on a page, it
// fails the test that showed one, and every spec runs under it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, pageTextLeaks, test } from "./fixtures.ts";

/** A page of the shop's address that says «[object Object]» where an address belongs (no shop needed: the browser is answered here). */
const leakingPage = '<!DOCTYPE html><html lang="ru"><body><p>Доставка: Курьер СДЭК, [object Object]</p></body></html>';

test("reads a leaked value in a page's visible text, and not in what is hidden", async ({ browser, baseURL, javaScriptEnabled }) => {
  // A context outside the fixture's watch: this test shows a leak on purpose, to see it read.
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  try {
    const page = await context.newPage();
    await page.route("**/hidden", (route) =>
      route.fulfill({ contentType: "text/html; charset=utf-8", body: '<!DOCTYPE html><html lang="ru"><body><p>Готово</p><p hidden>null</p></body></html>' }),
    );
    await page.goto("/hidden");
    expect(await pageTextLeaks(page)).toEqual([]);
    // Shown by a script, as a client-side render would (no page load).
    await page.evaluate(() => (document.querySelector("p")!.textContent = "Доставка: Курьер СДЭК, [object Object]"));
    expect(await pageTextLeaks(page)).toEqual(["/hidden: «[object Object]»"]);
  } finally {
    await context.close();
  }
});

test("fails a test whose page showed a leaked value, though the test itself checked nothing", async ({ page }) => {
  // Passes only if the fixture fails it.
  test.fail();
  await page.route("**/leak", (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: leakingPage }));
  await page.goto("/leak");
});

test("fails a test whose page came to show a leaked value after it loaded (a client-side render)", async ({ page }) => {
  test.fail();
  await page.route("**/later", (route) =>
    route.fulfill({ contentType: "text/html; charset=utf-8", body: '<!DOCTYPE html><html lang="ru"><body><p>Готово</p></body></html>' }),
  );
  await page.goto("/later");
  await page.evaluate(() => (document.querySelector("p")!.textContent = "Итого: NaN ₽"));
});

test("is the test object of every spec", () => {
  const folder = path.dirname(fileURLToPath(import.meta.url));
  const specs = readdirSync(folder).filter((name) => name.endsWith(".spec.ts"));
  expect(specs.length).toBeGreaterThan(10);
  const elsewhere = specs.filter((name) => {
    const source = readFileSync(path.join(folder, name), "utf8");
    return /import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*"@playwright\/test"/.test(source) || !/from\s*"\.\/fixtures\.ts"/.test(source);
  });
  expect(elsewhere, "specs that take `test` from @playwright/test rather than ./fixtures.ts").toEqual([]);
});

test("fails a test whose page showed a leaked value after a client-side navigation, though it moved on before the end", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "a client-side navigation needs JavaScript");
  test.fail();
  await page.route("**/orders", (route) =>
    route.fulfill({ contentType: "text/html; charset=utf-8", body: '<!DOCTYPE html><html lang="ru"><body><p>Заказы</p></body></html>' }),
  );
  await page.goto("/orders");
  // As a router does: a new address without a load, the next page rendered, then another.
  const navigate = (path: string, shown: string) =>
    page.evaluate(
      ([to, text]) => {
        history.pushState(null, "", to);
        document.querySelector("p")!.textContent = text!;
      },
      [path, shown],
    );
  await navigate("/orders/1", "Доставка: Курьер СДЭК, [object Object]");
  await navigate("/orders", "Заказы");
});
