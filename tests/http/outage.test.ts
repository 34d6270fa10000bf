// Spec section 8 and docs/architecture.md §4: when the database goes away under a running shop,
// pages answer 503 'Сервис временно недоступен'; when it is back, the shop recovers by
// itself, without a restart. PostgreSQL sits behind a TCP proxy the suite switches off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attribute, h1Texts, robotsMeta, tags, textContent } from "#tests/support/html.ts";
import { rawRequest, ShopClient } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import { type ProxiedShop, startShopBehindProxy } from "#tests/support/proxied-shop.ts";
import { postgresForSuite, type Shop } from "#tests/support/server.ts";
import type { TcpProxy } from "#tests/support/tcp-proxy.ts";

const postgres = await postgresForSuite();

/** Polls until `check` holds; a request that fails outright counts as not yet. */
const pollUntil = (check: () => Promise<boolean>, timeoutMs: number, what: string) => waitFor(() => check().catch(() => false), Boolean, timeoutMs, what);

describe.skipIf(!postgres.available)(`the database goes down under a running shop${postgres.skipReason}`, () => {
  let running: ProxiedShop;
  let proxy: TcpProxy;
  let shop: Shop;
  let client: ShopClient;
  let assetHref: string;

  beforeAll(async () => {
    running = await startShopBehindProxy(postgres.adminUrl);
    ({ proxy, shop } = running);
    client = new ShopClient(shop.url);
    const home = await client.html("/");
    assetHref = attribute(
      tags(home, "link").find((link) => attribute(link, "rel") === "stylesheet")!,
      "href",
    )!;
  });

  afterAll(async () => {
    await running?.stop();
  });

  it("serves pages normally while the database answers", async () => {
    const about = await client.get("/about");
    expect(about.status).toBe(200);
    expect(h1Texts(about.text)).toEqual(["О компании"]);
    expect((await client.get("/healthz")).status).toBe(200);
  });

  it("answers 503 'Сервис временно недоступен' while it is down, and /healthz says so", async () => {
    await proxy.stop();

    const about = await client.get("/about");
    expect(about.status).toBe(503);
    expect(about.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(about.headers.get("retry-after")).toBe("30");
    expect(about.headers.get("cache-control")).toBe("no-store");
    expect(h1Texts(about.text)).toEqual(["Сервис временно недоступен"]);
    expect(robotsMeta(about.text)).toBe("noindex");
    // A way back home, and nothing of the failure's internals on the page.
    expect(textContent(about.text)).toContain("Перейти на главную");
    expect(about.text).not.toMatch(/ECONNREFUSED|ECONNRESET|Connection terminated|at .*\.js:\d+/);

    const section = await client.get("/catalog/gold/rf");
    expect(section.status).toBe(503);
    expect(h1Texts(section.text)).toEqual(["Сервис временно недоступен"]);

    const health = await client.get("/healthz");
    expect(health.status).toBe(503);
    expect(health.text).not.toBe("ok");
  });

  it("still serves its static files while the database is down", async () => {
    expect(proxy.isUp).toBe(false);
    const asset = await rawRequest(shop.url + assetHref);
    expect(asset.status).toBe(200);
  });

  it("recovers by itself once the database is back, without a restart", async () => {
    expect(proxy.isUp).toBe(false);
    await proxy.start();

    await pollUntil(async () => (await client.get("/about")).status === 200, 20_000, "/about answers 200 again");
    const about = await client.get("/about");
    expect(h1Texts(about.text)).toEqual(["О компании"]);
    expect((await client.get("/catalog/gold/rf")).status).toBe(200);
    await pollUntil(async () => (await client.get("/healthz")).text === "ok", 20_000, "/healthz answers ok again");
  }, 60_000);

  it("kept running throughout: same process, no crash", async () => {
    expect(shop.isRunning()).toBe(true);
    expect(shop.output()).not.toMatch(/Uncaught|unhandledRejection|FATAL/i);
    // The same process answers after the outage: nothing restarted it.
    expect((await client.get("/healthz")).status).toBe(200);
    expect(shop.isRunning()).toBe(true);
  });

  it("survives a second outage the same way", async () => {
    await proxy.stop();
    expect((await client.get("/contacts")).status).toBe(503);
    await proxy.start();
    await pollUntil(async () => (await client.get("/contacts")).status === 200, 20_000, "/contacts answers 200 again");
    expect(shop.isRunning()).toBe(true);
  }, 60_000);
});
