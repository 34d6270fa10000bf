// What server.ts answers itself, before the app: forms behind an HTTPS reverse proxy, a form
// posted from another site, and requests Node cannot even parse, each with a Russian page;
// static files, security headers and the hostile requests.
import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { h1Texts } from "#tests/support/html.ts";
import { rawRequest, ShopClient } from "#tests/support/http-client.ts";
import { repoRoot, type Shop, startShop } from "#tests/support/server.ts";

let shop: Shop;
let host: string;
const coin = String(demoCatalog.findIndex((item) => item.stock > 0) + 1);

beforeAll(async () => {
  shop = await startShop({ env: { TRUST_PROXY: "true" } });
  host = new URL(shop.url).host;
});
afterAll(() => shop?.stop());

async function addToCart(client: ShopClient, headers: Record<string, string>) {
  return client.request("POST", "/cart", new URLSearchParams({ intent: "add", productId: coin }), { headers });
}

describe("behind an HTTPS reverse proxy (TRUST_PROXY=true)", () => {
  // React Router refuses an action whose Origin differs from the request's: before, the
  // request was always http:// here, and every form posted through an HTTPS proxy got 400.
  it("a form posted from the shop's https:// page works when the proxy says X-Forwarded-Proto: https", async () => {
    const client = new ShopClient(shop.url);
    const added = await addToCart(client, { Origin: `https://${host}`, "X-Forwarded-Proto": "https" });
    expect(added.status).toBe(303);
    expect(JSON.parse((await client.get("/api/cart")).text).data.totalCoins).toBe(1);
  });

  it("without the proxy's word the https:// origin is another site's", async () => {
    const refused = await addToCart(new ShopClient(shop.url), { Origin: `https://${host}` });
    expect(refused.status).toBe(403);
  });
});

describe("a form posted from another site", () => {
  it.each(["https://evil.example", "null", `http://${host}.evil.example`])("Origin %s: 403 with a Russian page, and nothing added", async (origin) => {
    const client = new ShopClient(shop.url);
    const refused = await addToCart(client, { Origin: origin });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(h1Texts(refused.text)).toEqual(["Запрос отклонён"]);
    expect(JSON.parse((await client.get("/api/cart")).text).data.totalCoins).toBe(0);
  });

  it("a form from the shop's own page goes through: its Origin, or without one Sec-Fetch-Site or the shop's Referer", async () => {
    expect((await addToCart(new ShopClient(shop.url), { Origin: shop.url })).status).toBe(303);
    expect((await addToCart(new ShopClient(shop.url), { Origin: "", "Sec-Fetch-Site": "same-origin" })).status).toBe(303);
    expect((await addToCart(new ShopClient(shop.url), { Origin: "", Referer: `${shop.url}/catalog` })).status).toBe(303);
  });

  // A no-Origin POST changed a profile.
  it.each([
    ["nothing", {}],
    ["another site's Referer", { Referer: "https://evil.example/" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ])("a form that says %s about where it comes from: 403 with the Russian page, and nothing added", async (_name, headers) => {
    const client = new ShopClient(shop.url);
    const refused = await addToCart(client, { Origin: "", ...headers });
    expect(refused.status).toBe(403);
    expect(h1Texts(refused.text)).toEqual(["Запрос отклонён"]);
    expect(JSON.parse((await client.get("/api/cart")).text).data.totalCoins).toBe(0);
  });
});

describe("static files", () => {
  const assetsDir = path.join(repoRoot, "build/client/assets");
  // React's chunk, every page's largest script (the entry script is too small to be worth compressing).
  const script = readdirSync(assetsDir).find((name) => /^framework-.+\.js$/.test(name))!;

  it("a hashed script is sent as the build compressed it (brotli or gzip), immutable for a year", async () => {
    const brotli = await rawRequest(`${shop.url}/assets/${script}`, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    // The very bytes the build wrote: nothing is compressed on the request path.
    expect(brotli.raw.equals(readFileSync(path.join(assetsDir, `${script}.br`)))).toBe(true);
    expect(brotli.text).toBe(readFileSync(path.join(assetsDir, script), "utf8"));
    expect(brotli.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.vary).toBe("Accept-Encoding");

    const gzip = await rawRequest(`${shop.url}/assets/${script}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.raw.equals(readFileSync(path.join(assetsDir, `${script}.gz`)))).toBe(true);
    const plain = await rawRequest(`${shop.url}/assets/${script}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toBe(brotli.text);
  });

  it("HEAD has the headers alone; other public files are kept for an hour", async () => {
    const head = await rawRequest(`${shop.url}/assets/${script}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    const favicon = await rawRequest(`${shop.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
    expect(favicon.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("a missing asset is a plain 404, a trailing slash a redirect, and nothing outside the build is served", async () => {
    const missing = await rawRequest(`${shop.url}/assets/no-such-file-abc123.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-store");
    const slash = await rawRequest(`${shop.url}/about/`);
    expect([slash.status, slash.headers.location]).toEqual([301, "/about"]);
    for (const way of [
      "/assets/../../package.json",
      "/%2e%2e/%2e%2e/package.json",
      "/assets/..%2F..%2Fpackage.json",
      "/..%5C..%5Cpackage.json",
      "/server.ts",
    ]) {
      const response = await rawRequest(shop.url + way);
      expect(response.status, way).toBeGreaterThanOrEqual(300);
      expect(response.status, way).toBeLessThan(500);
      expect(response.text, way).not.toContain('"name": "coin-shop"');
    }
  });

  it("a reversed or broken Range gets the whole file, not an error", async () => {
    for (const range of ["bytes=10-5", "bytes=abc", "bytes=999999-"]) {
      const response = await rawRequest(`${shop.url}/assets/${script}`, { headers: { Range: range } });
      expect(response.status, range).toBe(200);
    }
    expect(shop.stderr()).not.toMatch(/unhandled server error/);
  });
});

describe("security headers on every answer", () => {
  const expectSecurityHeaders = (headers: Record<string, string | string[] | undefined>, what: string) => {
    expect(headers["content-security-policy"], what).toMatch(/frame-ancestors 'none'/);
    expect(headers["x-frame-options"], what).toBe("DENY");
    expect(headers["x-content-type-options"], what).toBe("nosniff");
    expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
    // PUBLIC_URL is http here: no HSTS (it would pin a plain-http shop's visitors to https).
    expect(headers["strict-transport-security"], what).toBeUndefined();
  };

  it("pages, /api, static files, pictures, 404s and refusals", async () => {
    const script = readdirSync(path.join(repoRoot, "build/client/assets")).find((name) => name.endsWith(".js"))!;
    const picture = `/_ipx/f_webp,w_320/products/${demoCatalog[0]!.slug}-1.png`;
    for (const address of [
      "/",
      "/catalog",
      "/api/cart",
      `/assets/${script}`,
      "/favicon.svg",
      picture,
      "/no-such-page",
      "/assets/missing.js",
      "/_ipx/w_5/x.png",
      "/healthz",
    ]) {
      const response = await rawRequest(shop.url + address);
      expect(response.status, address).toBeLessThan(500);
      expectSecurityHeaders(response.headers, address);
    }
    const refused = await rawRequest(`${shop.url}/cart`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(refused.status).toBe(403);
    expectSecurityHeaders(refused.headers, "refused form");
  });

  it("and on the answers written to the socket by hand", async () => {
    const answer = await rawExchange("GARBAGE\r\n\r\n");
    expect(answer).toMatch(/\r\nX-Frame-Options: DENY\r\n/);
    expect(answer).toMatch(/\r\nContent-Security-Policy: frame-ancestors 'none'/);
  });

  it("with an https PUBLIC_URL, HSTS too", async () => {
    const https = await startShop({ env: { PUBLIC_URL: "https://shop.example" } });
    try {
      const response = await rawRequest(`${https.url}/`);
      expect(response.headers["strict-transport-security"]).toBe("max-age=31536000");
    } finally {
      await https.stop();
    }
  });
});

describe("hostile requests answered without a 5xx", () => {
  it("TRACE and made-up methods: 405", async () => {
    for (const method of ["TRACE", "PROPFIND"]) {
      const answer = await rawExchange(`${method} / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer, method).toMatch(/^HTTP\/1\.1 405 /);
    }
    const api = await rawExchange(`TRACE /api/cart HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(api).toMatch(/^HTTP\/1\.1 405 /);
    expect(api).toMatch(/"code":"method_not_allowed"/);
  });

  it("an address of two slashes alone: 400 with a Russian page, and nothing in the error log", async () => {
    const answer = await rawExchange(`GET // HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain("<h1>Неверный запрос</h1>");
    expect(shop.output()).not.toContain("Invalid URL");
  });

  it("a Host that makes no address: 400", async () => {
    for (const value of ["a b", "[::1", "exa mple.ru:80"]) {
      const answer = await rawExchange(`GET /catalog HTTP/1.1\r\nHost: ${value}\r\nConnection: close\r\n\r\n`);
      expect(answer, value).toMatch(/^HTTP\/1\.1 400 /);
    }
  });

  it("an encoded old training id: no NaN query, no 5xx", async () => {
    for (const address of ["/training/%31%38", "/training/18%20"]) {
      const response = await rawRequest(shop.url + address);
      expect(response.status, address).toBeLessThan(500);
    }
    expect((await rawRequest(`${shop.url}/training/18`)).status).toBeLessThan(500);
  });

  it("a return address with a line break or any letters: a redirect on the site, never a 5xx", async () => {
    const client = new ShopClient(shop.url);
    for (const [redirectTo, expected] of [
      ["/catalog\r\nSet-Cookie: x=1", "/"],
      ["/\t/evil.example", "/"],
      ["/\\/evil.example", "/"],
      ["/каталог?q=монета", "/%D0%BA%D0%B0%D1%82%D0%B0%D0%BB%D0%BE%D0%B3?q=%D0%BC%D0%BE%D0%BD%D0%B5%D1%82%D0%B0"],
    ] as const) {
      const answer = await client.postForm("/wishlist", { intent: "add", productId: coin, redirectTo });
      expect(answer.status, redirectTo).toBe(303);
      expect(answer.headers.get("location"), redirectTo).toBe(expected);
    }
  });

  it("a client that goes away in the middle of its body: no error in the log", async () => {
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(new URL(shop.url).port), "127.0.0.1", () => {
        socket.write(
          `POST /cart HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${shop.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\nintent=add&productId=`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await rawRequest(`${shop.url}/healthz`)).status).toBe(200);
    expect(shop.stderr()).not.toMatch(/unhandled server error|\n\s+at /);
  });
});

describe("cart quantities are decimal numbers", () => {
  it.each(["0x10", "1e3", "0b11", "1_0", " 0x1F "])("PATCH /api/cart/{id} with quantity %j: 400 JSON and the cart unchanged", async (quantity) => {
    const client = new ShopClient(shop.url);
    const answer = await client.request("PATCH", `/api/cart/${coin}`, JSON.stringify({ quantity }), { headers: { "Content-Type": "application/json" } });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: "bad_quantity", message: expect.any(String) } });
    expect(JSON.parse((await client.get("/api/cart")).text).data.totalCoins).toBe(0);
  });

  it("the page's cart form refuses them too, and takes digits", async () => {
    const client = new ShopClient(shop.url);
    const refused = await client.postForm("/cart", { intent: "add", productId: coin, quantity: "0x2" });
    expect(refused.status).toBe(303);
    expect(JSON.parse((await client.get("/api/cart")).text).data.totalCoins).toBe(0);
    expect((await client.postForm("/cart", { intent: "add", productId: coin, quantity: "2" })).status).toBe(303);
    expect(JSON.parse((await client.get("/api/cart")).text).data.totalCoins).toBe(2);
  });
});

function rawExchange(text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(shop.url).port), "127.0.0.1", () => socket.write(text));
    let received = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => (received += chunk));
    socket.on("close", () => resolve(received));
    socket.on("error", () => resolve(received));
  });
}

describe("a request Node cannot parse", () => {
  it("an address and headers over the limit: 431 with a Russian page", async () => {
    const answer = await rawExchange(`GET /catalog?q=${"x".repeat(20_000)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain("<h1>Слишком длинный запрос</h1>");
  });

  it("an /api call with headers over the limit: 431 with the JSON error object", async () => {
    const answer = await rawExchange(`POST /api/cart/1 HTTP/1.1\r\nHost: ${host}\r\nCookie: junk=${"y".repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
    const body = answer.slice(answer.indexOf("\r\n\r\n") + 4);
    expect(JSON.parse(body)).toEqual({ error: { code: "headers_too_large", message: "Слишком длинный запрос" } });
  });

  it("a broken request line: 400 with a Russian page", async () => {
    const answer = await rawExchange("GARBAGE\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain("<h1>Неверный запрос</h1>");
  });
});
