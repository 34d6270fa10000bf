// What server.ts answers itself, before the app: forms behind an HTTPS reverse proxy, a form
// posted from another site, and requests Node cannot even parse, each with a Russian page.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { h1Texts } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { type Shop, startShop } from "#tests/support/server.ts";

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

  it("a form from the shop's own page (or without Origin, as old browsers send it) goes through", async () => {
    expect((await addToCart(new ShopClient(shop.url), { Origin: shop.url })).status).toBe(303);
    expect((await addToCart(new ShopClient(shop.url), {})).status).toBe(303);
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
