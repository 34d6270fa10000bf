// The image proxy of spec section 7 (/_ipx with the spec's modifiers) on the built shop:
// the coin pictures drawn at start, the year-long cache of spec section 9, and the
// refusals: other hosts, ways out of the folders, unknown modifiers, missing pictures.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { parseIpxPath } from "#app/modules/images/image-url.ts";
import { attribute, tags } from "#tests/support/html.ts";
import { rawRequest, ShopClient } from "#tests/support/http-client.ts";
import { type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { type Shop, startShop } from "#tests/support/server.ts";

const coin = demoCatalog[0]!;
const obverse = `products/${coin.slug}-1.png`;
const reverse = `products/${coin.slug}-2.png`;

type Fetched = { status: number; type: string; headers: Headers; body: Buffer };

async function get(base: string, path: string, init: RequestInit = {}): Promise<Fetched> {
  const response = await fetch(base + path, init);
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get("content-type") ?? "", headers: response.headers, body };
}

async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const index = (y * info.width + x) * 4;
  return [...data.subarray(index, index + 4)];
}

describe("/_ipx on the generated coin pictures", () => {
  let shop: Shop;
  // Stands where a foreign host would be: nothing may ever reach it.
  let bystander: FakeServer;

  beforeAll(async () => {
    bystander = await startFakeHttpServer(() => ({ status: 200, contentType: "image/png", body: "not for you" }));
    // Empty: the shop migrates, seeds and draws the pictures itself, as on a first start.
    shop = await startShop({ empty: true });
  });
  afterAll(async () => {
    await shop?.stop();
    await bystander?.close();
  });

  it("serves a picture drawn at start as webp, 320 wide, cached for a year", async () => {
    const image = await get(shop.url, `/_ipx/w_320,f_webp/${obverse}`);
    expect(image.status).toBe(200);
    expect(image.type).toBe("image/webp");
    const meta = await sharp(image.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 320, 320]);
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000");
    expect(image.headers.get("content-length")).toBe(String(image.body.length));
    expect(image.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(image.headers.get("last-modified")).toBeTruthy();
  });

  it("answers a revalidation with 304 and a HEAD with the headers alone", async () => {
    const first = await get(shop.url, `/_ipx/w_160,f_webp/${reverse}`);
    const again = await get(shop.url, `/_ipx/w_160,f_webp/${reverse}`, { headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const since = await get(shop.url, `/_ipx/w_160,f_webp/${reverse}`, { headers: { "If-Modified-Since": new Date(Date.now() + 60_000).toUTCString() } });
    expect(since.status).toBe(304);
    const head = await get(shop.url, `/_ipx/w_160,f_webp/${reverse}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.type).toBe("image/webp");
    expect(head.headers.get("content-length")).toBe(String(first.body.length));
    expect(head.body.length).toBe(0);
  });

  it("keeps the source's format without modifiers, converts to avif and jpeg; jpeg gets a white ground, not black", async () => {
    const png = await get(shop.url, `/_ipx/_/${obverse}`);
    expect([png.status, png.type]).toEqual([200, "image/png"]);
    expect((await sharp(png.body).metadata()).width).toBe(800);
    // The corner is outside the coin: transparent in the PNG.
    expect((await pixel(png.body, 2, 2))[3]).toBe(0);

    const avif = await get(shop.url, `/_ipx/f_avif,w_56/${obverse}`);
    expect([avif.status, avif.type]).toEqual([200, "image/avif"]);
    expect((await sharp(avif.body).metadata()).format).toBe("heif");

    const jpeg = await get(shop.url, `/_ipx/f_jpeg,w_192/${obverse}`);
    expect([jpeg.status, jpeg.type]).toEqual([200, "image/jpeg"]);
    const corner = await pixel(jpeg.body, 1, 1);
    expect(Math.min(...corner.slice(0, 3))).toBeGreaterThan(240);
  });

  it("never enlarges a picture: a width above its own gives its own", async () => {
    const wide = await get(shop.url, `/_ipx/w_1024,f_webp/${obverse}`);
    expect(wide.status).toBe(200);
    expect((await sharp(wide.body).metadata()).width).toBe(800);
  });

  // S_4096x4096,f_avif cost 2.4–3.3 s of CPU, and any combination was a new encode.
  it("serves only the variants the shop's pages ask for: any other is 400 before sharp is touched", async () => {
    for (const modifiers of [
      "s_4096x4096,f_avif",
      "w_4096,f_avif",
      "w_100",
      "w_3000,f_webp",
      "h_90,f_webp",
      "s_100x100",
      "q_50,w_320,f_webp",
      "b_ffffff,w_320",
      "fit_contain,w_320",
      "f_png",
      "f_png,w_320",
    ]) {
      const response = await get(shop.url, `/_ipx/${modifiers}/${obverse}`);
      expect(response.status, modifiers).toBe(400);
      expect(JSON.parse(response.body.toString()), modifiers).toEqual({ error: { code: "bad_variant", message: expect.any(String) } });
    }
  });

  it("serves the pictures a product page links to, at every width of its srcset", async () => {
    const html = await new ShopClient(shop.url).html(`/products/${coin.slug}`);
    const images = tags(html, "img").filter((tag) => (attribute(tag, "src") ?? "").startsWith("/_ipx/"));
    expect(images.length).toBeGreaterThan(0);
    const main = images[0]!;
    expect(attribute(main, "width")).toBe("800");
    expect(attribute(main, "height")).toBe("800");
    // Proxy addresses hold commas (w_320,f_webp): a candidate is an address, blanks, a descriptor.
    // React writes the attribute as srcSet (HTML attribute names are case-insensitive).
    const candidates = [...(attribute(main, "srcSet") ?? attribute(main, "srcset") ?? "").matchAll(/(\S+)\s+(\d+w|[\d.]+x)(?:,|$)/g)].map(
      (match) => [match[1]!, match[2]!] as const,
    );
    expect(candidates.length).toBeGreaterThan(1);
    for (const [url, descriptor] of candidates) {
      const image = await get(shop.url, url.replaceAll("&amp;", "&"));
      expect([image.status, image.type], url).toEqual([200, "image/webp"]);
      if (descriptor.endsWith("w")) expect((await sharp(image.body).metadata()).width).toBe(Number.parseInt(descriptor, 10));
    }
  });

  // The allow-list must hold every address the pages themselves write.
  it("serves every picture address the shop's pages write (src, srcset, links, share images)", async () => {
    const client = new ShopClient(shop.url, { followRedirects: true });
    for (const [path, intent] of [
      ["/cart", "add"],
      ["/product-comparison", "add"],
      ["/wishlist", "add"],
    ] as const) {
      await client.postForm(path, { intent, productId: "1" });
    }
    const seeds = [
      "/",
      "/catalog",
      "/catalog/gold",
      `/products/${coin.slug}`,
      "/cart",
      "/product-comparison",
      "/wishlist",
      "/partners",
      "/certificates",
      "/reviews",
      "/news",
      "/cases",
      "/training",
      "/promo",
    ];
    const pages = new Set(seeds);
    for (const list of ["/news", "/cases", "/training", "/promo"]) {
      const html = await client.html(list);
      const first = tags(html, "a")
        .map((tag) => attribute(tag, "href") ?? "")
        .find((href) => href.startsWith(`${list}/`) && !/\/page\//.test(href));
      if (first) pages.add(first);
    }
    const addresses = new Set<string>();
    for (const page of pages) {
      const html = await client.html(page);
      const found = [...html.matchAll(/(?:https?:\/\/[^"'\s,]+)?\/_ipx\/[^"'\s]+/g)].map((match) => match[0].replace(/&amp;/g, "&"));
      for (const address of found) addresses.add(new URL(address, shop.url).pathname);
    }
    // The product pages' cards, thumbnails, zoom links, articles' and partners' pictures, share images.
    expect(addresses.size).toBeGreaterThan(20);
    // Every address passes the server's own check; one address of each variant is fetched
    // (encoding all of them would take minutes on two cores).
    const refused: string[] = [];
    const byVariant = new Map<string, string>();
    for (const address of addresses) {
      const parsed = parseIpxPath(address.slice("/_ipx".length));
      if (!parsed.ok) refused.push(`${address}: ${parsed.status} ${parsed.code}`);
      byVariant.set(address.split("/")[2]!, address);
    }
    for (const address of byVariant.values()) {
      const image = await get(shop.url, address);
      if (image.status !== 200 || !image.type.startsWith("image/")) refused.push(`${address}: ${image.status} ${image.body.toString().slice(0, 120)}`);
    }
    expect(refused).toEqual([]);
    expect(byVariant.size).toBeGreaterThan(5);
  }, 120_000);

  it("serves the shop's own public pictures too", async () => {
    const logo = await get(shop.url, "/_ipx/f_webp,w_56/favicon.svg");
    expect([logo.status, logo.type]).toEqual([200, "image/webp"]);
    expect((await sharp(logo.body).metadata()).width).toBe(56);
  });

  it("refuses a remote source when no remote host is configured, without any request", async () => {
    for (const source of ["https://evil.example/x.png", `${bystander.baseUrl}/x.png`, `http:%2F%2F${new URL(bystander.baseUrl).host}%2Fx.png`]) {
      const response = await get(shop.url, `/_ipx/w_112/${source}`);
      expect(response.status, source).toBe(403);
      expect(response.type).toContain("application/json");
      expect(JSON.parse(response.body.toString())).toMatchObject({ error: { code: "forbidden_source" } });
    }
    expect(bystander.requests).toEqual([]);
  });

  it("refuses ways out of the images folders", async () => {
    for (const path of [
      "/_ipx/_/../../../../etc/passwd",
      "/_ipx/_/..%2F..%2F..%2F..%2Fetc%2Fpasswd",
      "/_ipx/w_112/products%2F..%2F..%2Fsession-secret",
      "/_ipx/_/%2e%2e/%2e%2e/package.json",
      "/_ipx/_/..%5C..%5Cpackage.json",
      "/_ipx/_/.env",
    ]) {
      // node:http sends the path exactly as written, dots and all.
      const response = await rawRequest(shop.url + path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(response.text).not.toContain("root:");
    }
  });

  it("refuses modifiers the spec does not name and values out of range with 400", async () => {
    for (const modifiers of ["blur_5", "w_0", "w_abc", "w_99999", "q_0", "q_500", "f_gif", "fit_zoom", "b_red", "s_100", "rotate_90", "w_1,width_2"]) {
      const response = await get(shop.url, `/_ipx/${modifiers}/${obverse}`);
      expect(response.status, modifiers).toBe(400);
      expect(JSON.parse(response.body.toString())).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    expect((await get(shop.url, `/_ipx/w_100`)).status).toBe(400);
    expect((await get(shop.url, `/_ipx/w_112/${obverse}`, { method: "POST" })).status).toBe(405);
  });

  it("answers 404 for a picture that is not there", async () => {
    const missing = await get(shop.url, "/_ipx/w_112/products/no-such-coin-1.png");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse(missing.body.toString())).toMatchObject({ error: { code: "not_found" } });
    // A file that is not a picture is not served as one.
    const pdf = await get(shop.url, "/_ipx/_/docs/privacy.pdf");
    expect(pdf.status).toBeGreaterThanOrEqual(400);
    expect(pdf.status).toBeLessThan(500);
  });

  it("never answered with a server error", () => {
    expect(shop.stderr()).not.toMatch(/image proxy:/);
  });
});

describe("/_ipx with IMAGE_REMOTE_HOST", () => {
  let shop: Shop;
  let other: FakeServer;
  let cdn: Server;
  let cdnUrl: string;
  const cdnRequests: string[] = [];
  let png: Buffer;

  beforeAll(async () => {
    png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c0a040" } })
      .png()
      .toBuffer();
    other = await startFakeHttpServer(() => ({ contentType: "image/png", body: png }));
    // The configured host: a picture, a page that is not one, a redirect to another host, nothing else.
    cdn = createServer((req, res) => {
      cdnRequests.push(`${req.method} ${req.url}`);
      if (req.url === "/coins/a.png") {
        res.writeHead(200, { "Content-Type": "image/png", "Content-Length": png.length });
        res.end(png);
      } else if (req.url === "/coins/page.html") {
        res.writeHead(200, { "Content-Type": "text/html" });
        res.end("<html>not a picture</html>");
      } else if (req.url === "/coins/moved.png") {
        res.writeHead(302, { Location: `${other.baseUrl}/coins/a.png` });
        res.end();
      } else {
        res.writeHead(404, { "Content-Type": "text/plain" });
        res.end("not found");
      }
    });
    await new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve));
    cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
    shop = await startShop({ env: { IMAGE_REMOTE_HOST: new URL(cdnUrl).host } });
  });
  afterAll(async () => {
    await shop?.stop();
    await other?.close();
    cdn?.closeAllConnections();
    await new Promise((resolve) => cdn?.close(resolve));
  });

  it("fetches and converts a picture from the configured host", async () => {
    const image = await get(shop.url, `/_ipx/w_112,f_webp/${cdnUrl}/coins/a.png`);
    expect([image.status, image.type]).toEqual([200, "image/webp"]);
    expect(await sharp(image.body).metadata()).toMatchObject({ format: "webp", width: 112, height: 84 });
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000");
    expect(cdnRequests).toContain("GET /coins/a.png");
  });

  it("still serves the local pictures", async () => {
    const image = await get(shop.url, `/_ipx/w_56,f_webp/${obverse}`);
    expect([image.status, image.type]).toEqual([200, "image/webp"]);
  });

  it("refuses every other host, even on the same address, without a request", async () => {
    const port = new URL(cdnUrl).port;
    const before = cdnRequests.length;
    for (const source of [
      `${other.baseUrl}/coins/a.png`,
      `http://localhost:${port}/coins/a.png`,
      "https://evil.example/coins/a.png",
      `http://user@127.0.0.1:${port}/coins/a.png`,
    ]) {
      const response = await get(shop.url, `/_ipx/w_112/${source}`);
      expect(response.status, source).toBe(403);
    }
    expect(other.requests).toEqual([]);
    expect(cdnRequests.length).toBe(before);
  });

  it("maps the remote host's answers: missing is 404, not a picture is 4xx, a redirect elsewhere is not followed", async () => {
    expect((await get(shop.url, `/_ipx/w_112/${cdnUrl}/coins/missing.png`)).status).toBe(404);
    const html = await get(shop.url, `/_ipx/w_112/${cdnUrl}/coins/page.html`);
    expect(html.status).toBeGreaterThanOrEqual(400);
    expect(html.status).toBeLessThan(500);
    const moved = await get(shop.url, `/_ipx/w_112/${cdnUrl}/coins/moved.png`);
    expect(moved.status).toBe(502);
    expect(other.requests).toEqual([]);
  });
});
