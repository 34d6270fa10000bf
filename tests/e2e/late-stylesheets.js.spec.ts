// A part of a page whose code comes after the first scripts (deferHydration, React.lazy) is
// drawn by the server with the page's stylesheets; one its chunk brings along arrives later
// (Vite links it as the chunk loads), so the server's HTML lacks those styles without
// JavaScript, and with it the page is restyled as the chunk comes (Lighthouse's largest paint
// on / moved from 1.06 to 1.28 s when the catalogue card pulled the reviews' stylesheet in).
import type { Request } from "@playwright/test";
import { attribute, tags } from "#tests/support/html.ts";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./helpers.ts";

const pages = [
  "/",
  "/catalog",
  "/catalog/silver",
  "/products/georgiy-pobedonosec-50-rubley-mmd",
  "/new-issues",
  "/search?q=%D1%81%D0%BE%D0%B1%D0%BE%D0%BB%D1%8C",
  "/cart",
  "/checkout",
];

test("every stylesheet a page's scripts ask for was linked by its HTML", async ({ page }) => {
  for (const path of pages) {
    const html = await (await page.request.get(path)).text();
    const linked = new Set(
      tags(html, "link")
        .filter((link) => attribute(link, "rel") === "stylesheet")
        .map((link) => attribute(link, "href")),
    );
    const asked: string[] = [];
    const onRequest = (request: Request) => {
      if (request.resourceType() === "stylesheet") asked.push(new URL(request.url()).pathname);
    };
    page.on("request", onRequest);
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    page.off("request", onRequest);
    expect(
      asked.filter((href) => !linked.has(href)),
      `${path}: stylesheets only its scripts brought`,
    ).toEqual([]);
  }
});
