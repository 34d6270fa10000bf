// The test object of every e2e spec: Playwright's, with the check the HTTP suites make of every
// page they read (tests/support/text-checks.ts) made of every page the browser shows. A value
// printed without being turned into words («[object Object]», «undefined», «NaN», «null») in a
// page's visible text fails the test, with the page's address: read at each page load, as each
// page is left with JavaScript on (a client-side navigation fires no load), and on every open
// page at the end. Specs import `test` and `expect` from here;
// tests/e2e/page-text.spec.ts checks that they do.
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import { leakedValues } from "#tests/support/text-checks.ts";

export { expect };

/** The leaks in the page's visible text now (document.body.innerText), each as «word» at its address. */
export async function pageTextLeaks(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body?.innerText ?? "");
  return leakedValues(text).map((word) => `${new URL(page.url()).pathname}: «${word}»`);
}

/** The binding through which pages report their visible text as they are left (below). */
const textLeft = "__e2eVisibleTextLeft";

/**
 * Runs in every document before its own scripts (with JavaScript on; off, every page comes by
 * a load and is read then). A client-side navigation fires no load, so each page is read as it
 * is left instead: the Navigation API's navigate event comes before the address changes and
 * before the router renders the next page, so the text read is the page the test saw at that
 * address. One read a navigation, not one per DOM change, which slowed the pages enough to
 * turn a double tap into two taps (list-buttons.js.spec.ts).
 */
function reportTextWhenLeft(binding: string): void {
  const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener("navigate", (event) => {
    // The router's own replaceState of the same address (its scroll key) leaves no page: reading
    // the text then, during a tap, slowed it enough to turn a double tap into two taps.
    if ((event as unknown as { destination: { url: string } }).destination.url === location.href) return;
    (window as unknown as Record<string, (url: string, text: string) => void>)[binding]?.(location.href, document.body?.innerText ?? "");
  });
}

export const test = base.extend<{ context: BrowserContext }>({
  context: async ({ context }, use) => {
    const found = new Set<string>();
    const reads = new Set<Promise<void>>();
    const record = (url: string, text: string) => leakedValues(text).forEach((word) => found.add(`${new URL(url).pathname}: «${word}»`));
    const read = (page: Page) => {
      const reading = pageTextLeaks(page)
        .then((leaks) => leaks.forEach((leak) => found.add(leak)))
        // The page went on to another address (or closed) while it was read: that page is read at its own load.
        .catch(() => undefined)
        .finally(() => reads.delete(reading));
      reads.add(reading);
    };
    await context.exposeBinding(textLeft, (_source, url: string, text: string) => record(url, text));
    await context.addInitScript(reportTextWhenLeft, textLeft);
    const watch = (page: Page) => page.on("load", () => read(page));
    context.pages().forEach(watch);
    context.on("page", watch);
    await use(context);
    for (const page of context.pages()) if (!page.isClosed()) read(page);
    await Promise.all(reads);
    expect([...found], "the page shows a value printed without being turned into words").toEqual([]);
  },
});
