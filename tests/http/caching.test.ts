// HTTP caching of every kind of answer (docs/decisions/005-http-caching.md): pages show the
// visitor's own header (badges, sign-in, notices) and may only be kept by the visitor's
// browser, which must ask again; account, cart, checkout, sign-in and /api state are never
// stored; answers that are the same for everyone (quotes, robots, sitemap, feed) are
// public, carry no cookie, and the quotes answer 304 to a client that has them already.
// The shop also keeps hot reads (sections, filter choices, content) in memory for a short
// time: an operator's import in another process still shows on a running shop at once.
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { runCommand } from "#tests/support/commands.ts";
import { textContent } from "#tests/support/html.ts";
import { afterNotify } from "#tests/support/network.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

const shop = runningShop();

const PAGE = "private, no-cache";
const SHARED_PAGE = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
const coin = demoCatalog[0]!;
const firstVisit = (path: string, headers?: Record<string, string>) => shop.client().get(path, { headers });

/** A visitor who changed something before (the id is issued with the first change): the browser sends the uuid cookie. */
async function returningVisitor() {
  const client = shop.client();
  await client.setCookie(`uuid=${randomUUID()}; Path=/`);
  return client;
}

describe("pages with the visitor's header", () => {
  it.each(["/", "/catalog", "/catalog/gold", `/products/${coin.slug}`, "/about", "/news", "/quotes-online", "/search?q=рубль", "/no-such-page"])(
    "%s may be kept only by the browser of a visitor with cookies, which revalidates",
    async (path) => {
      // A visitor with cookies sees their own badges and sign-in.
      const again = await (await returningVisitor()).get(path);
      expect(again.headers.get("cache-control")).toBe(PAGE);
      expect(again.headers.get("x-page-cache")).toBeNull();
      // A first visit sets no cookie: its page is the same for everyone, public
      // when it is a page that exists (decision 025), else kept by the browser as before.
      const first = await firstVisit(path);
      expect(first.headers.getSetCookie()).toEqual([]);
      expect(first.headers.get("cache-control")).toBe(first.status === 200 ? SHARED_PAGE : PAGE);
    },
  );

  it("a page's data for client-side navigation is cached the same way as the page", async () => {
    const client = await returningVisitor();
    const data = await client.get("/catalog.data");
    expect(data.status).toBe(200);
    expect(data.headers.get("cache-control")).toBe(PAGE);
  });

  it("one visitor's badges are not served to another: each gets a count of their own", async () => {
    const buyer = await returningVisitor();
    const added = await buyer.postForm("/cart", { intent: "add", productId: "1", quantity: "1" }, { headers: { Origin: shop.url } });
    expect(added.status).toBeLessThan(400);
    expect(added.headers.get("cache-control")).toBe("no-store");
    // The cart icon's badge: the link's markup up to its closing tag.
    const badge = (html: string) => /data-testid="cart-link"[\s\S]*?<\/a>/.exec(html)?.[0].match(/data-testid="count-badge"[^>]*>(\d+)</)?.[1] ?? "none";
    expect(badge(await buyer.html("/catalog"))).toBe("1");
    expect(badge(await (await returningVisitor()).html("/catalog"))).toBe("none");
  });
});

describe("answers about one person, or that change something", () => {
  it.each([
    "/cart",
    "/checkout",
    "/login",
    "/wishlist",
    "/product-comparison",
    "/my",
    "/my/orders",
    "/api/cart",
    "/api/wishlist",
    "/api/compare",
    "/api/me",
    "/api/work",
    "/build.json",
    "/api/no-such-call",
  ])("GET %s is never stored", async (path) => {
    const response = await (await returningVisitor()).get(path);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("a POST is never stored, nor the redirect that answers it", async () => {
    const client = await returningVisitor();
    const code = await client.request("POST", "/api/auth/get-code", JSON.stringify({ phone: "+70000000000" }), {
      headers: { "Content-Type": "application/json", Origin: shop.url },
    });
    expect(code.headers.get("cache-control")).toBe("no-store");
    const form = await client.postForm("/wishlist", { intent: "add", productId: "1" }, { headers: { Origin: shop.url } });
    expect(form.status).toBeGreaterThanOrEqual(300);
    expect(form.headers.get("cache-control")).toBe("no-store");
  });
});

describe("answers that are the same for everyone", () => {
  it.each([
    ["/api/courses", "public, max-age=30, s-maxage=60, stale-while-revalidate=300"],
    ["/robots.txt", "public, max-age=86400"],
    ["/sitemap.xml", "public, max-age=3600, stale-while-revalidate=86400"],
    ["/yml.xml", "public, max-age=3600, stale-while-revalidate=3600"],
  ])("%s is public (%s) and sets no cookie, even on a first visit", async (path, cacheControl) => {
    const response = await firstVisit(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(cacheControl);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get("vary") ?? "").not.toMatch(/cookie/i);
  });

  it("a shared answer that must set a cookie (clearing a stale session) is not public", async () => {
    const response = await firstVisit("/api/courses", { Cookie: "session=forged-token" });
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("session="))).toBe(true);
    expect(response.headers.get("cache-control")).toBe(PAGE);
  });

  it("/api/courses has an ETag: the same quotes again are 304 without a body, other quotes 200", async () => {
    const first = await firstVisit("/api/courses");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    const again = await firstVisit("/api/courses", { "If-None-Match": etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("public, max-age=30, s-maxage=60, stale-while-revalidate=300");

    const weakToo = await firstVisit("/api/courses", { "If-None-Match": `"other", W/${etag}` });
    expect(weakToo.status).toBe(304);

    const stale = await firstVisit("/api/courses", { "If-None-Match": '"an-older-answer"' });
    expect(stale.status).toBe(200);
    expect(JSON.parse(stale.text)).toEqual(JSON.parse(first.text));
  });

  it("scripts, styles and pictures are cached for a year", async () => {
    const html = (await firstVisit("/")).text;
    const asset = /\/assets\/[\w.-]+\.css/.exec(html)![0];
    expect((await firstVisit(asset)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const picture = /<img[^>]*\ssrc="(\/_ipx\/[^"]+)"/.exec(html)![1]!;
    const image = await firstVisit(picture.replaceAll("&amp;", "&"));
    expect(image.status).toBe(200);
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000");
  });
});

describe("reads the shop keeps in memory", () => {
  it("on PostgreSQL, an operator's catalogue and content imports show on a running shop at once", async (context) => {
    if (!shop.databaseUrl) context.skip();
    const dir = await mkdtemp(path.join(os.tmpdir(), "shop-caching-"));
    try {
      const env = { DATABASE_URL: shop.databaseUrl!, DATA_DIR: path.join(dir, "data") };
      const client = await returningVisitor();
      const countries = async () => [...(await client.html("/catalog")).matchAll(/<option value="([^"]+)">/g)].map((match) => match[1]);
      // Read twice: the filter choices and the page are now in the shop's memory.
      expect(await countries()).not.toContain("Ниуэ");
      expect(await countries()).not.toContain("Ниуэ");
      expect(textContent(await client.html("/about"))).not.toContain("Текст, загруженный оператором");

      const csv = path.join(dir, "niue.csv");
      await writeFile(
        csv,
        "sku;slug;name;metal;kind;denomination;country;issuer;fineness;totalGrams;pureGrams;stock;premiumPercent\n" +
          "AG-7001;chernyy-lebed-1-uncia;Чёрный лебедь 1 унция;silver;investment;2 доллара;Ниуэ;Ниуэ;999;31,1;31,1;5;12\n",
      );
      const catalog = await runCommand("scripts/catalog.ts", ["import", csv], env);
      expect(catalog.code, catalog.stderr).toBe(0);
      await afterNotify(countries, (found) => found.includes("Ниуэ"), "the imported coin's country among the filters");

      await mkdir(path.join(dir, "content", "pages"), { recursive: true });
      await writeFile(
        path.join(dir, "content", "pages", "about.md"),
        "---\npath: about\ntitle: О компании\ndescription: О магазине монет.\n---\n\nТекст, загруженный оператором.\n",
      );
      const content = await runCommand("scripts/content.ts", ["import", path.join(dir, "content")], env);
      expect(content.code, content.stderr).toBe(0);
      await afterNotify(
        async () => textContent(await client.html("/about")),
        (text) => text.includes("Текст, загруженный оператором"),
        "the imported text on /about",
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
