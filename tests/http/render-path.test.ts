// The first-paint rewrite (decisions 034 and 044) relies on markup react-dom and react-router
// render today: `<link rel="stylesheet" href="/assets/….css">`, `<link rel="modulepreload">` and
// `<script type="module" async="">`. An upgrade that changes any of them leaves the page as
// rendered, which still works, so only this test notices: on the shop's real pages (shared,
// personal, an error page) each anchor was found and rewritten, and the server logged no miss.
import { describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { ShopClient } from "#tests/support/http-client.ts";
import { sharedShop } from "#tests/support/shared-shop.ts";

const shop = sharedShop();
const coinIndex = demoCatalog.findIndex((coin) => coin.stock > 0);
const coinPage = `/products/${demoCatalog[coinIndex]!.slug}`;

/** The classic script that starts React Router's module script after the first paint. */
const deferredScript = /<script>\(function\(modules,source\)\{[\s\S]*?\}\)\((\[[^\]]*\]),("(?:[^"\\]|\\.)*")\)<\/script>/;

function checkRewritten(page: string, html: string) {
  const headEnd = html.indexOf("</head>");
  expect(headEnd, `${page}: a head`).toBeGreaterThan(0);
  const head = html.slice(0, headEnd);

  // Every build stylesheet inlined, its link kept but disabled.
  const links = [...head.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((match) => match[0]);
  const buildLinks = links.filter((link) => /href="\/assets\/[\w.-]+\.css#?"/.test(link));
  expect(buildLinks.length, `${page}: the build's stylesheets`).toBeGreaterThan(0);
  for (const link of buildLinks) expect(link.includes('disabled=""'), `${page}: ${link}`).toBe(true);
  const inlined = [...head.matchAll(/<style data-href="(\/assets\/[\w.-]+\.css#?)">/g)].map((match) => match[1]);
  expect(inlined.length, `${page}: stylesheets inlined`).toBeGreaterThan(0);
  for (const href of inlined) expect(head.includes(`<link rel="stylesheet" href="${href}" disabled=""/>`), `${page}: ${href}`).toBe(true);

  // The module preloads and the module script are gone, replaced by the deferred start.
  // (Booleans: a failure names the page, not a 150 KB document.)
  expect(/<link\b[^>]*rel="modulepreload"/.test(html), `${page}: a module preload left`).toBe(false);
  expect(/<script\b[^>]*type="module"/.test(html), `${page}: a module script left`).toBe(false);
  const deferred = deferredScript.exec(html);
  expect(deferred, `${page}: the deferred module script`).not.toBeNull();
  const modules = JSON.parse(deferred![1]!) as string[];
  const source = JSON.parse(deferred![2]!) as string;
  expect(
    modules.some((href) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(href)),
    `${page}: preloads ${modules.join(", ")}`,
  ).toBe(true);
  expect(/import\("\/assets\/entry\.client-[\w-]+\.js"\);\s*$/.test(source), `${page}: the module source ends ${source.slice(-80)}`).toBe(true);
}

describe("the critical-path rewrite on the pages the shop renders", () => {
  it("finds and rewrites its anchors on shared pages, a personal page and an error page, and logs no miss", async () => {
    const stranger = new ShopClient(shop.current.url);
    for (const page of ["/", "/catalog", coinPage]) {
      const response = await stranger.get(page);
      expect(response.headers.get("x-page-cache"), `${page}: shared`).not.toBeNull();
      checkRewritten(page, response.text);
    }
    const missing = await stranger.get("/no-such-page");
    expect(missing.status).toBe(404);
    checkRewritten("/no-such-page", missing.text);

    const buyer = new ShopClient(shop.current.url, { headers: { Origin: shop.current.url } });
    await buyer.postForm("/cart", { intent: "add", productId: String(coinIndex + 1), quantity: "1", redirectTo: coinPage });
    const personal = await buyer.get("/catalog");
    expect(personal.headers.get("x-page-cache"), "personal").toBeNull();
    checkRewritten("/catalog (personal)", personal.text);

    expect(shop.current.output().match(/.*critical-path rewrite.*/g) ?? []).toEqual([]);
  });
});
