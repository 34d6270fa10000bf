// The test object of every e2e spec: Playwright's, with the check the HTTP suites make of every
// page they read (tests/support/text-checks.ts) made of every page the browser shows. A value
// printed without being turned into words («[object Object]», «undefined», «NaN», «null») in a
// page's visible text fails the test: read at each page load, and on every open page at the end
// (after client-side navigations and whatever the scripts rendered). Specs import `test` and
// `expect` from here; tests/e2e/page-text.spec.ts checks that they do.
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import { leakedValues } from "#tests/support/text-checks.ts";

export { expect };

/** The leaks in the page's visible text now (document.body.innerText), each as «word» at its address. */
export async function pageTextLeaks(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body?.innerText ?? "");
  return leakedValues(text).map((word) => `${new URL(page.url()).pathname}: «${word}»`);
}

export const test = base.extend<{ context: BrowserContext }>({
  context: async ({ context }, use) => {
    const found = new Set<string>();
    const reads = new Set<Promise<void>>();
    const read = (page: Page) => {
      const reading = pageTextLeaks(page)
        .then((leaks) => leaks.forEach((leak) => found.add(leak)))
        // The page went on to another address (or closed) while it was read: that page is read at its own load.
        .catch(() => undefined)
        .finally(() => reads.delete(reading));
      reads.add(reading);
    };
    const watch = (page: Page) => page.on("load", () => read(page));
    context.pages().forEach(watch);
    context.on("page", watch);
    await use(context);
    for (const page of context.pages()) if (!page.isClosed()) read(page);
    await Promise.all(reads);
    expect([...found], "the page shows a value printed without being turned into words").toEqual([]);
  },
});
