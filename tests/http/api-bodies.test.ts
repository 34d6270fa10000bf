// Every /api call that takes a body reads it through its zod schema: hostile bodies (wrong
// types, huge strings, arrays for objects, objects for arrays) get a 4xx in the contract's
// { error: { code, message } } shape with a Russian message, never a 5xx, and change nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { type Buyer, productIdOf } from "#tests/support/buyer.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

const shop = runningShop();
let buyer: Buyer;

beforeAll(async () => {
  buyer = await shop.buyer();
});

const georgiy = productIdOf("georgiy-pobedonosec-50-rubley-mmd");
const huge = "1".repeat(3_000);
const cyrillic = /[А-Яа-яЁё]/;

function send(client: ShopClient, method: string, url: string, body: unknown) {
  return client.request(method, url, JSON.stringify(body), { headers: { "Content-Type": "application/json", Origin: shop.url } });
}

async function visitor(): Promise<ShopClient> {
  const client = shop.client();
  await client.get("/");
  return client;
}

type Case = [method: string, url: string, body: unknown, code: string];

const visitorCases: Case[] = [
  ["PATCH", `/api/cart/${georgiy}`, [{ quantity: 1 }], "bad_body"],
  ["PATCH", `/api/cart/${georgiy}`, "quantity=1", "bad_body"],
  ["PATCH", `/api/cart/${georgiy}`, { quantity: { $gt: 0 } }, "bad_quantity"],
  ["PATCH", `/api/cart/${georgiy}`, { quantity: [2] }, "bad_quantity"],
  ["PATCH", `/api/cart/${georgiy}`, { quantity: true }, "bad_quantity"],
  ["PATCH", `/api/cart/${georgiy}`, { quantity: null }, "bad_quantity"],
  ["PATCH", `/api/cart/${georgiy}`, { quantity: huge }, "bad_quantity"],
  ["PATCH", `/api/cart/${georgiy}`, { quantity: "1e3" }, "bad_quantity"],
  ["DELETE", "/api/cart", { productIds: String(georgiy) }, "bad_body"],
  ["DELETE", "/api/cart", { productIds: { 0: georgiy } }, "bad_body"],
  ["DELETE", "/api/cart", { productIds: [] }, "bad_body"],
  ["DELETE", "/api/cart", { productIds: Array(101).fill(georgiy) }, "bad_body"],
  ["DELETE", "/api/cart", [georgiy], "bad_body"],
  ["DELETE", "/api/cart", null, "bad_body"],
  ["DELETE", "/api/cart", { productIds: [georgiy, huge] }, "bad_id"],
  ["DELETE", "/api/cart", { productIds: [[georgiy]] }, "bad_id"],
  ["DELETE", "/api/cart", { productIds: [null] }, "bad_id"],
  ["POST", "/api/auth/get-code", { phone: ["+79161112233"] }, "bad_phone"],
  ["POST", "/api/auth/get-code", { phone: 79161112233 }, "bad_phone"],
  ["POST", "/api/auth/get-code", { phone: huge }, "bad_phone"],
  ["POST", "/api/auth/get-code", [{ phone: "+79161112233" }], "bad_body"],
  ["POST", "/api/auth/check-code", { code: ["1234"] }, "bad_code"],
  ["POST", "/api/auth/check-code", { code: { $ne: "" } }, "bad_code"],
  ["POST", "/api/auth/check-code", { code: "   " }, "bad_code"],
  ["POST", "/api/auth/check-code", { code: "1234", phone: { $ne: "" } }, "bad_phone"],
  ["POST", "/api/auth/check-code", { code: "1234", phone: huge }, "bad_phone"],
  ["POST", "/api/checkout/deliveries", { code: ["0000073738"] }, "bad_city"],
  ["POST", "/api/checkout/deliveries", { code: huge }, "bad_city"],
  ["POST", "/api/checkout/deliveries", { code: "   " }, "bad_city"],
  ["POST", "/api/locations/get-pvz", { city: { code: "0000073738" }, deliveryId: 79 }, "bad_city"],
  ["POST", "/api/locations/get-pvz", { city: "0000073738", deliveryId: { id: 79 } }, "bad_delivery_id"],
  ["POST", "/api/locations/get-pvz", { city: "0000073738", deliveryId: huge }, "bad_delivery_id"],
  ["POST", "/api/locations/get-pvz", { city: "0000073738", deliveryId: 1e300 }, "bad_delivery_id"],
];

describe("hostile /api bodies", () => {
  it.each(visitorCases)("%s %s %j is a 400 %s with a Russian message, and the cart stays empty", async (method, url, body, code) => {
    const client = await visitor();
    const response = await send(client, method, url, body);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const answer = JSON.parse(response.text);
    expect(answer).toEqual({ error: { code, message: expect.stringMatching(cyrillic) } });
    expect(JSON.parse((await client.get("/api/cart")).text).data.totalCoins).toBe(0);
  });

  it("a huge extra field is refused as too large, one within the limit is ignored", async () => {
    const client = await visitor();
    const tooLarge = await send(client, "PATCH", `/api/cart/${georgiy}`, { quantity: 1, note: "x".repeat(20_000) });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.text).error.code).toBe("too_large");
    const ignored = await send(client, "PATCH", `/api/cart/${georgiy}`, { quantity: 2, note: "x".repeat(5_000) });
    expect(ignored.status).toBe(200);
    expect(JSON.parse(ignored.text).data.order.coins).toEqual([{ id: georgiy, count: 2 }]);
  });

  it.each([
    [{ name: ["Иванов Пётр"], email: "a@example.ru" }, "bad_name"],
    [{ name: "Иванов Пётр", email: { $ne: "" } }, "bad_email"],
    [{ name: huge, email: "a@example.ru" }, "bad_name"],
    [{ name: "Иванов Пётр", email: `${huge}@example.ru` }, "bad_email"],
  ])("POST /api/me %j is a 400 %s, and the profile stays as it was", async (body, code) => {
    const before = JSON.parse((await buyer.client.get("/api/me")).text);
    const response = await send(buyer.client, "POST", "/api/me", body);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toEqual({ error: { code, message: expect.stringMatching(cyrillic) } });
    expect(JSON.parse((await buyer.client.get("/api/me")).text)).toEqual(before);
  });
});
