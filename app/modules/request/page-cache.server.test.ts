import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SHARED_PAGE_CACHE_CONTROL, SHARED_PAGE_HEADER } from "./cache-policy.ts";
import { createPageCache, MAX_STOCK_LAG_MS, type PageCacheOptions, pageCacheKey, type RenderPage } from "./page-cache.server.ts";

/** A shared page as the application answers it: 200 HTML, the shared Cache-Control, no cookie. */
const sharedPage = (html: string, headers: Record<string, string> = {}) =>
  new Response(html, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": SHARED_PAGE_CACHE_CONTROL, Vary: "Cookie", ...headers },
  });

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A node server answering through the page cache, as server/app.ts does; `state` is the page state. */
async function serve(render: RenderPage, options: PageCacheOptions = {}, state = { value: "s1", stock: 0 }) {
  const cache = createPageCache(options);
  const server = http.createServer(async (req, res) => {
    const request = new Request(`http://shop.test${req.url}`, { method: req.method, headers: req.headers as Record<string, string> });
    const response = await cache.answer(req, res, request, render, async () => ({ key: state.value, stock: state.stock }));
    if (response) {
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), "x-passed": "1" });
      res.end(Buffer.from(await response.arrayBuffer()));
    }
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cache,
    state,
    get: (path: string, headers: Record<string, string> = {}, method = "GET") => fetch(base + path, { headers, method, redirect: "manual" }),
  };
}

/** A shop whose second render (the one after a stock change) waits until the test lets it finish: a crowd's slow render. */
async function shopWithSlowSecondRender(options: PageCacheOptions) {
  let renders = 0;
  let finishRender: () => void = () => undefined;
  const shop = await serve(async () => {
    const number = ++renders;
    if (number === 2) await new Promise<void>((resolve) => (finishRender = resolve));
    return sharedPage(`<p>${number}</p>`);
  }, options);
  return { shop, renders: () => renders, finishRender: () => finishRender() };
}

describe("pageCacheKey", () => {
  it("sorts the query parameters, keeps every one and the order of one name's values, and adds the state", () => {
    const key = (address: string) => pageCacheKey(new URL(address), "S");
    expect(key("http://a/catalog?b=2&a=1")).toBe(key("http://a/catalog?a=1&b=2"));
    expect(key("http://a/catalog?m=gold&m=silver")).not.toBe(key("http://a/catalog?m=silver&m=gold"));
    expect(key("http://a/catalog?utm_source=x")).not.toBe(key("http://a/catalog"));
    expect(pageCacheKey(new URL("http://a/"), "S1")).not.toBe(pageCacheKey(new URL("http://a/"), "S2"));
    expect(key("http://a/catalog")).not.toBe(key("http://b/catalog"));
  });
});

describe("the page cache", () => {
  it("renders an anonymous page once, whole and marked shared, then serves it compressed with an ETag and Age", async () => {
    const seen: Request[] = [];
    const shop = await serve(async (request) => {
      seen.push(request);
      return sharedPage(`<html>page ${seen.length}</html>`);
    });
    const first = await shop.get("/catalog?b=1&a=2", { "Accept-Encoding": "br" });
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(await first.text()).toBe("<html>page 1</html>");
    expect(seen[0]!.headers.get(SHARED_PAGE_HEADER)).toBe("1");

    const second = await shop.get("/catalog?a=2&b=1", { "Accept-Encoding": "gzip" });
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(second.headers.get("cache-control")).toBe(SHARED_PAGE_CACHE_CONTROL);
    expect(second.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(second.headers.get("age")).toMatch(/^\d+$/);
    expect(second.headers.get("set-cookie")).toBeNull();
    expect(await second.text()).toBe("<html>page 1</html>");
    expect(seen).toHaveLength(1);

    // Without compression, and a client that holds the page gets a 304.
    const plain = await shop.get("/catalog?a=2&b=1", { "Accept-Encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe("<html>page 1</html>");
    const again = await shop.get("/catalog?a=2&b=1", { "If-None-Match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
    const head = await shop.get("/catalog?a=2&b=1", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(seen).toHaveLength(1);
  });

  it("a new page state (a change anywhere) renders the page again", async () => {
    let renders = 0;
    const shop = await serve(async () => sharedPage(`<p>${++renders}</p>`));
    expect(await (await shop.get("/")).text()).toBe("<p>1</p>");
    expect(await (await shop.get("/")).text()).toBe("<p>1</p>");
    shop.state.value = "s2";
    const after = await shop.get("/");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toBe("<p>2</p>");
  });

  it("after a stock change the next visitor gets the page rendered afresh, as after any change", async () => {
    let renders = 0;
    const shop = await serve(async () => sharedPage(`<p>${++renders}</p>`));
    expect(await (await shop.get("/products/coin")).text()).toBe("<p>1</p>");
    shop.state.stock = 1;
    const after = await shop.get("/products/coin");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toBe("<p>2</p>");
    const again = await shop.get("/products/coin");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toBe("<p>2</p>");
  });

  it("while a page renders afresh after a stock change, other visitors get the page kept before it, not a wait", async () => {
    const { shop, renders, finishRender } = await shopWithSlowSecondRender({ freshRenderWaitMs: 60_000 });
    await shop.get("/products/coin");
    shop.state.stock = 1;
    const first = shop.get("/products/coin");
    await vi.waitFor(() => expect(renders()).toBe(2));
    const during = await Promise.all([shop.get("/products/coin"), shop.get("/products/coin", { "Accept-Encoding": "br" })]);
    for (const answer of during) {
      expect(answer.headers.get("x-page-cache")).toBe("stale");
      expect(await answer.text()).toBe("<p>1</p>");
    }
    finishRender();
    const rendered = await first;
    expect(rendered.headers.get("x-page-cache")).toBe("miss");
    expect(await rendered.text()).toBe("<p>2</p>");
    expect(await (await shop.get("/products/coin")).text()).toBe("<p>2</p>");
    expect(renders()).toBe(2);
  });

  it("the first visitor after a stock change waits for the fresh render only so long, then gets the page kept before; the render still replaces it", async () => {
    const { shop, renders, finishRender } = await shopWithSlowSecondRender({ freshRenderWaitMs: 50 });
    await shop.get("/products/coin");
    shop.state.stock = 1;
    const startedAt = Date.now();
    const first = await shop.get("/products/coin");
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(first.headers.get("x-page-cache")).toBe("stale");
    expect(await first.text()).toBe("<p>1</p>");
    // The render goes on: once done, its page is the one served, and nobody rendered again meanwhile.
    finishRender();
    await vi.waitFor(async () => expect(await (await shop.get("/products/coin")).text()).toBe("<p>2</p>"));
    expect(renders()).toBe(2);
    // A render within the wait is what the first visitor gets, as before.
    shop.state.stock = 2;
    const fresh = await shop.get("/products/coin");
    expect(fresh.headers.get("x-page-cache")).toBe("miss");
    expect(await fresh.text()).toBe("<p>3</p>");
  });

  it("a page kept before a stock change is not served once it is older than the stock may lag; a change of the key is never waited out", async () => {
    let time = 1_000_000;
    let renders = 0;
    let finishRender: () => void = () => undefined;
    const shop = await serve(
      async () => {
        const number = ++renders;
        if (number === 2 || number === 4) await new Promise<void>((resolve) => (finishRender = resolve));
        return sharedPage(`<p>${number}</p>`);
      },
      { now: () => time },
    );
    await shop.get("/");
    time += MAX_STOCK_LAG_MS + 1;
    shop.state.stock = 1;
    // Too old to stand in: the visitors wait for the one fresh render together.
    const waiting = [shop.get("/"), shop.get("/")];
    await vi.waitFor(() => expect(renders).toBe(2));
    finishRender();
    for (const answer of await Promise.all(waiting)) expect(await answer.text()).toBe("<p>2</p>");
    expect(renders).toBe(2);
    // A change of the key (a price, an opening): nothing kept before it is served, however young.
    shop.state.value = "s2";
    const after = await shop.get("/");
    expect(await after.text()).toBe("<p>3</p>");
    shop.state.stock = 2;
    shop.state.value = "s3";
    const both = [shop.get("/"), shop.get("/")];
    await vi.waitFor(() => expect(renders).toBe(4));
    finishRender();
    for (const answer of await Promise.all(both)) expect(await answer.text()).toBe("<p>4</p>");
  });

  it("a personal request is passed through as it is, never answered from the cache nor stored", async () => {
    const seen: Request[] = [];
    const shop = await serve(async (request) => {
      seen.push(request);
      return sharedPage(request.headers.has("cookie") ? "<p>mine</p>" : "<p>everyone's</p>");
    });
    expect(await (await shop.get("/catalog")).text()).toBe("<p>everyone's</p>");
    const personal = await shop.get("/catalog", { Cookie: "session=abc" });
    expect(personal.headers.get("x-passed")).toBe("1");
    expect(await personal.text()).toBe("<p>mine</p>");
    expect(seen.at(-1)!.headers.has(SHARED_PAGE_HEADER)).toBe(false);
    expect(await (await shop.get("/catalog")).text()).toBe("<p>everyone's</p>");
  });

  it("an answer that is not a shared page (a 404, a redirect, a cookie, private) is passed on and not kept", async () => {
    const answers: Record<string, () => Response> = {
      "/missing": () => new Response("<p>404</p>", { status: 404, headers: { "Content-Type": "text/html", "Cache-Control": SHARED_PAGE_CACHE_CONTROL } }),
      "/moved": () => new Response(null, { status: 301, headers: { Location: "/" } }),
      "/cookie": () => sharedPage("<p>c</p>", { "Set-Cookie": "a=b" }),
      "/private": () => sharedPage("<p>p</p>", { "Cache-Control": "private, no-cache" }),
    };
    const shop = await serve(async (request) => answers[new URL(request.url).pathname]!());
    for (const path of Object.keys(answers)) {
      for (let i = 0; i < 2; i++) {
        const response = await shop.get(path, {}, "GET");
        expect(response.headers.get("x-passed"), path).toBe("1");
        expect(response.headers.get("x-page-cache"), path).toBeNull();
      }
    }
    expect(shop.cache.size().entries).toBe(0);
  });

  it("concurrent misses of one page share one render", async () => {
    let renders = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const shop = await serve(async () => {
      renders++;
      await gate;
      return sharedPage("<p>slow</p>");
    });
    const pending = Array.from({ length: 8 }, () => shop.get("/"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    const answers = await Promise.all(pending);
    expect(await Promise.all(answers.map((answer) => answer.text()))).toEqual(Array(8).fill("<p>slow</p>"));
    expect(renders).toBe(1);
    expect(answers.filter((answer) => answer.headers.get("x-page-cache") === "miss")).toHaveLength(1);
  });

  it("stays within its entries and bytes under 10,000 distinct addresses, the recently used kept", async () => {
    // Pages of a few kilobytes that compress like HTML does not: the byte bound is reached before the entry bound.
    const filler = (seed: number) => Array.from({ length: 300 }, (_, i) => ((seed * 7919 + i * 104729) % 1_000_003).toString(36)).join(" ");
    const cache = createPageCache({ maxEntries: 500, maxBytes: 512 * 1024 });
    const render: RenderPage = async (request) => sharedPage(`<p>${filler(Number(new URL(request.url).searchParams.get("n")))}</p>`);
    // Straight through answer() without sockets: what server/app.ts does for each request.
    const outcomes: string[] = [];
    const exchange = async (path: string) => {
      const res = { writeHead: (_status: number, headers: Record<string, string>) => outcomes.push(headers["X-Page-Cache"] ?? "?"), end: () => undefined };
      const req = { method: "GET", headers: { "accept-encoding": "br" } };
      await cache.answer(req as never, res as never, new Request(`http://shop.test${path}`), render, async () => ({ key: "state", stock: 0 }));
    };
    let largest = 0;
    for (let n = 0; n < 10_000; n++) {
      if (n % 20 === 0) await exchange("/catalog?n=0");
      await exchange(`/catalog?n=${n}`);
      const { entries, bytes } = cache.size();
      expect(entries).toBeLessThanOrEqual(500);
      expect(bytes).toBeLessThanOrEqual(512 * 1024);
      largest = Math.max(largest, entries);
    }
    // Bounded by bytes here (each page costs a few kilobytes in two encodings), yet many are kept.
    expect(largest).toBeGreaterThan(50);
    expect(largest).toBeLessThan(500);
    // The page asked for all along is still there.
    outcomes.length = 0;
    await exchange("/catalog?n=0");
    expect(outcomes).toEqual(["hit"]);
  }, 120_000);

  it("a kept page expires after its time even when nothing changed", async () => {
    let time = 1_000_000;
    let renders = 0;
    const shop = await serve(async () => sharedPage(`<p>${++renders}</p>`), { ttlMs: 60_000, now: () => time });
    await shop.get("/");
    time += 59_000;
    const kept = await shop.get("/");
    expect(kept.headers.get("age")).toBe("59");
    time += 1_000;
    expect(await (await shop.get("/")).text()).toBe("<p>2</p>");
  });
  it("answerKept answers a kept page to an anonymous request only, and never renders", async () => {
    const cache = createPageCache();
    let renders = 0;
    const render: RenderPage = async () => sharedPage(`<p>${++renders}</p>`);
    const state = async () => ({ key: "state", stock: 0 });
    const exchange = () => {
      const sent: { status?: number; headers?: Record<string, string | number>; body?: Buffer } = {};
      const res = {
        writeHead: (status: number, headers: Record<string, string | number>) => Object.assign(sent, { status, headers }),
        end: (body?: Buffer) => Object.assign(sent, { body }),
      };
      return { sent, res: res as never, req: { method: "GET", headers: { "accept-encoding": "gzip" } } as never };
    };

    // Nothing kept yet: no answer and no render (the caller renders through answer()).
    const before = exchange();
    expect(await cache.answerKept(before.req, before.res, new Request("http://shop.test/catalog"), state)).toBe(false);
    expect(before.sent.status).toBeUndefined();
    expect(renders).toBe(0);

    const first = exchange();
    await cache.answer(first.req, first.res, new Request("http://shop.test/catalog"), render, state);
    const hit = exchange();
    expect(await cache.answerKept(hit.req, hit.res, new Request("http://shop.test/catalog"), state)).toBe(true);
    expect(hit.sent.status).toBe(200);
    expect(hit.sent.headers?.["X-Page-Cache"]).toBe("hit");
    expect(zlib.gunzipSync(hit.sent.body!).toString()).toBe("<p>1</p>");

    // A signed-in visitor's request, or another page state: not answered from the cache.
    const personal = exchange();
    const signedIn = new Request("http://shop.test/catalog", { headers: { Cookie: "session=abc" } });
    expect(await cache.answerKept(personal.req, personal.res, signedIn, state)).toBe(false);
    const changed = exchange();
    expect(await cache.answerKept(changed.req, changed.res, new Request("http://shop.test/catalog"), async () => ({ key: "changed", stock: 0 }))).toBe(false);
    // After a stock change the kept page is answer()'s (to render afresh, or to serve while that runs).
    const stockChanged = exchange();
    expect(await cache.answerKept(stockChanged.req, stockChanged.res, new Request("http://shop.test/catalog"), async () => ({ key: "state", stock: 1 }))).toBe(
      false,
    );
    expect(stockChanged.sent.status).toBeUndefined();
    expect(personal.sent.status).toBeUndefined();
    expect(changed.sent.status).toBeUndefined();
    expect(renders).toBe(1);
  });
});
