// The two delivery calls of spec section 7 on the built shop: the embedded provider (the
// default) and CDEK API v2 on a local fake (a city without lockers, a provider that fails,
// reads reused between requests). Bad bodies are 4xx JSON, never a 5xx.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import data from "#app/modules/delivery/demo/embedded-delivery.json" with { type: "json" };
import { type FakeReply, type FakeRequest, type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { type Shop, startShop } from "#tests/support/server.ts";

const MOSCOW = "0000073738";
const PETERSBURG = "0000103664";
const KAZAN = data.cities.find((city) => city.name === "Казань")!.code;

const fixture = (name: string) => readFileSync(new URL(`../fixtures/delivery/${name}`, import.meta.url), "utf8");
const JSON_TYPE = "application/json;charset=UTF-8";
type FakePoint = { type: string; location: { city_code: number } };
const moscowPoints = JSON.parse(fixture("cdek-deliverypoints-moscow.json")) as FakePoint[];

/** CDEK on a fake: Moscow (44) has points and a locker, Novosibirsk (270) points only, Saint Petersburg (137) fails. */
function fakeCdek(request: FakeRequest): FakeReply {
  if (request.path === "/v2/oauth/token") return { contentType: JSON_TYPE, body: fixture("cdek-token.json") };
  if (request.path === "/v2/deliverypoints") {
    const city = request.query.get("city_code");
    if (city === "137") return { status: 500, contentType: "text/html", body: "<html>500</html>" };
    const points =
      city === "44"
        ? moscowPoints
        : city === "270"
          ? moscowPoints.filter((point) => point.type === "PVZ").map((point) => ({ ...point, location: { ...point.location, city_code: 270 } }))
          : [];
    return { contentType: JSON_TYPE, body: JSON.stringify(points) };
  }
  return { status: 404, contentType: "text/plain", body: "not found" };
}

let shop: Shop;
let cdekShop: Shop;
let cdek: FakeServer;

beforeAll(async () => {
  cdek = await startFakeHttpServer(fakeCdek);
  [shop, cdekShop] = await Promise.all([
    // Behind a proxy, so the rate-limit test can speak for several client addresses.
    startShop({ env: { TRUST_PROXY: "true" } }),
    startShop({
      env: { DELIVERY_PROVIDER: "cdek", CDEK_CLIENT_ID: "id", CDEK_CLIENT_SECRET: "secret", CDEK_BASE_URL: cdek.baseUrl, DELIVERY_TIMEOUT_MS: "3000" },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([shop?.stop(), cdekShop?.stop()]);
  await cdek?.close();
});

function post(on: Shop, path: string, body: unknown, headers: Record<string, string> = {}) {
  const client = new ShopClient(on.url);
  return client.request("POST", path, typeof body === "string" ? body : JSON.stringify(body), { headers: { "Content-Type": "application/json", ...headers } });
}

async function postJson(on: Shop, path: string, body: unknown) {
  const response = await post(on, path, body);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, body: JSON.parse(response.text) as { data?: unknown; error?: { code: string; message: string } } };
}

const ids = (groups: unknown) => (groups as { items: { id: number }[] }[]).map((group) => group.items.map((item) => item.id));

describe("POST /api/checkout/deliveries", () => {
  it("gives Moscow free delivery first, СДЭК, office pickup and special contact, in exactly the spec's fields", async () => {
    const { status, body } = await postJson(shop, "/api/checkout/deliveries", { code: MOSCOW });
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [
        {
          name: "Бесплатная доставка СДЭК",
          type: "sdek",
          items: [
            { id: 76, pvz: true },
            { id: 77, pvz: true },
          ],
        },
        {
          name: "СДЭК",
          type: "sdek",
          items: [
            { id: 79, pvz: true },
            { id: 80, pvz: true },
            { id: 45, pvz: false },
          ],
        },
        { name: "Самовывоз из офиса", type: "pickup", items: [{ id: 35, pvz: true }] },
        { name: "Специальная доставка", type: "specialcontact", items: [{ id: 43, pvz: false }] },
      ],
    });
  });

  it("gives Saint Petersburg special contact but no office pickup, Kazan neither", async () => {
    expect(ids((await postJson(shop, "/api/checkout/deliveries", { code: PETERSBURG })).body.data)).toEqual([[76, 77], [79, 80, 45], [43]]);
    expect(ids((await postJson(shop, "/api/checkout/deliveries", { code: ` ${KAZAN} ` })).body.data)).toEqual([
      [76, 77],
      [79, 80, 45],
    ]);
  });

  it("answers a city it does not know with no groups", async () => {
    expect(await postJson(shop, "/api/checkout/deliveries", { code: "0000000000" })).toEqual({ status: 200, body: { data: [] } });
  });
});

describe("POST /api/locations/get-pvz", () => {
  it("lists the city's pickup points tagged with the delivery id and an empty type", async () => {
    const { status, body } = await postJson(shop, "/api/locations/get-pvz", { city: MOSCOW, deliveryId: 79 });
    expect(status).toBe(200);
    // Every point of the demo data, in its order, with exactly these fields.
    expect(body.data).toEqual(
      data.cities[0]!.points.map(({ code, name, address, workTime, latitude, longitude }) => ({
        code,
        name,
        address,
        workTime,
        coords: { latitude, longitude },
        dlvId: 79,
        type: "",
      })),
    );
  });

  it("lists lockers tagged 'постамат', with the id given as a number or as a string", async () => {
    const kazan = data.cities.find((city) => city.code === KAZAN)!;
    for (const deliveryId of [80, "77"]) {
      const { status, body } = await postJson(shop, "/api/locations/get-pvz", { city: KAZAN, deliveryId });
      expect(status).toBe(200);
      const lockers = body.data as { code: string; dlvId: number; type: string }[];
      expect(lockers.map((locker) => locker.code)).toEqual(kazan.lockers.map((locker) => locker.code));
      expect(lockers.every((locker) => locker.dlvId === Number(deliveryId) && locker.type === "постамат")).toBe(true);
    }
  });

  it("answers a city it does not know with no points", async () => {
    expect(await postJson(shop, "/api/locations/get-pvz", { city: "0000000000", deliveryId: 76 })).toEqual({ status: 200, body: { data: [] } });
  });
});

describe("bad requests", () => {
  it.each([
    ["/api/checkout/deliveries", "{not json", 400, "bad_body", "Тело запроса должно быть в формате JSON"],
    ["/api/checkout/deliveries", [MOSCOW], 400, "bad_body", "Тело запроса должно быть JSON-объектом"],
    ["/api/checkout/deliveries", "null", 400, "bad_body", "Тело запроса должно быть JSON-объектом"],
    ["/api/checkout/deliveries", {}, 400, "bad_city", "Передайте code: код города"],
    ["/api/checkout/deliveries", "", 400, "bad_city", "Передайте code: код города"],
    ["/api/checkout/deliveries", { code: 73738 }, 400, "bad_city", 'code должен быть кодом города — строкой из цифр, например "0000073738"'],
    ["/api/checkout/deliveries", { code: "Москва" }, 400, "bad_city", 'code должен быть кодом города — строкой из цифр, например "0000073738"'],
    ["/api/checkout/deliveries", { code: "00000737380" }, 400, "bad_city", 'code должен быть кодом города — строкой из цифр, например "0000073738"'],
    ["/api/checkout/deliveries", { code: { $ne: "" } }, 400, "bad_city", 'code должен быть кодом города — строкой из цифр, например "0000073738"'],
    ["/api/checkout/deliveries", { code: "1".repeat(8000) }, 413, "too_large", "Слишком большой запрос"],
    ["/api/locations/get-pvz", { deliveryId: 79 }, 400, "bad_city", "Передайте city: код города"],
    ["/api/locations/get-pvz", { city: MOSCOW }, 400, "bad_delivery_id", "Передайте deliveryId: способ доставки"],
    ["/api/locations/get-pvz", { city: MOSCOW, deliveryId: 45 }, 400, "bad_delivery_id", "Пункты выдачи есть только у способов доставки 79, 80, 76 и 77"],
    ["/api/locations/get-pvz", { city: MOSCOW, deliveryId: 79.5 }, 400, "bad_delivery_id", "Пункты выдачи есть только у способов доставки 79, 80, 76 и 77"],
    ["/api/locations/get-pvz", { city: MOSCOW, deliveryId: "79a" }, 400, "bad_delivery_id", "Пункты выдачи есть только у способов доставки 79, 80, 76 и 77"],
    ["/api/locations/get-pvz", { city: MOSCOW, deliveryId: [79] }, 400, "bad_delivery_id", "Пункты выдачи есть только у способов доставки 79, 80, 76 и 77"],
    ["/api/locations/get-pvz", { city: MOSCOW, deliveryId: true }, 400, "bad_delivery_id", "Пункты выдачи есть только у способов доставки 79, 80, 76 и 77"],
    ["/api/locations/get-pvz", { city: [MOSCOW], deliveryId: 79 }, 400, "bad_city", 'city должен быть кодом города — строкой из цифр, например "0000073738"'],
  ])("%s refuses %j with %i %s", async (path, body, status, code, message) => {
    expect(await postJson(shop, path, body)).toEqual({ status, body: { error: { code, message } } });
  });

  it("answers GET and other methods with a JSON 405 that names POST", async () => {
    const client = new ShopClient(shop.url);
    for (const path of ["/api/checkout/deliveries", "/api/locations/get-pvz"]) {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const response = await client.request(method, path, method === "GET" ? undefined : "{}", { headers: { "Content-Type": "application/json" } });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get("allow")).toBe("POST");
        expect(JSON.parse(response.text).error.code).toBe("method_not_allowed");
      }
    }
  });
});

describe("rate limit", () => {
  it("refuses an address past 600 calls in ten minutes with 429 and Retry-After, counting both calls and no bad bodies", async () => {
    const script = { "X-Forwarded-For": "198.51.100.7" };
    // Refused bodies do not count: 50 of them first, then exactly the limit of good calls.
    for (let i = 0; i < 50; i++) expect((await post(shop, "/api/checkout/deliveries", { code: "x" }, script)).status).toBe(400);
    for (let batch = 0; batch < 60; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2
            ? post(shop, "/api/checkout/deliveries", { code: MOSCOW }, script)
            : post(shop, "/api/locations/get-pvz", { city: MOSCOW, deliveryId: 79 }, script),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    }
    for (const [path, body] of [
      ["/api/checkout/deliveries", { code: MOSCOW }],
      ["/api/locations/get-pvz", { city: KAZAN, deliveryId: 79 }],
    ] as const) {
      const refused = await post(shop, path, body, script);
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
      expect(JSON.parse(refused.text)).toEqual({ error: { code: "too_many_requests", message: "Слишком много запросов. Попробуйте через 10 мин." } });
    }
    // A mistake is still named as such, and another buyer is not affected.
    expect((await post(shop, "/api/checkout/deliveries", { code: "x" }, script)).status).toBe(400);
    expect((await post(shop, "/api/checkout/deliveries", { code: MOSCOW }, { "X-Forwarded-For": "198.51.100.8" })).status).toBe(200);
  });
});

describe("with the CDEK provider", () => {
  const pointReads = () => cdek.requests.filter((request) => request.path === "/v2/deliverypoints" && request.query.get("city_code") === "270");

  it("offers no locker items in a city without lockers, and lists no lockers there", async () => {
    const groups = await postJson(cdekShop, "/api/checkout/deliveries", { code: "270" });
    expect(groups.status).toBe(200);
    expect(ids(groups.body.data)).toEqual([[76], [79, 45]]);
    const lockers = await postJson(cdekShop, "/api/locations/get-pvz", { city: "270", deliveryId: 80 });
    expect(lockers).toEqual({ status: 200, body: { data: [] } });
    const points = await postJson(cdekShop, "/api/locations/get-pvz", { city: "270", deliveryId: "76" });
    expect((points.body.data as { code: string; dlvId: number; type: string }[]).map((point) => [point.code, point.dlvId, point.type])).toEqual([
      ["MSK123", 76, ""],
      ["MSK456", 76, ""],
    ]);
    // One read of the city's points served all three answers.
    expect(pointReads()).toHaveLength(1);
  });

  it("lists Moscow's CDEK locker tagged 'постамат' under the 10-digit code", async () => {
    const { body } = await postJson(cdekShop, "/api/locations/get-pvz", { city: MOSCOW, deliveryId: 80 });
    expect(body.data).toEqual([
      {
        code: "MSK789",
        name: "Постамат у метро",
        address: "127006, Россия, Москва, ул. Малая Дмитровка, 3",
        workTime: "Пн-Вс 00:00-24:00",
        coords: { latitude: 55.7702, longitude: 37.6011 },
        dlvId: 80,
        type: "постамат",
      },
    ]);
  });

  it("says delivery is unavailable for now (503) when CDEK fails, and asks CDEK again next time", async () => {
    const unavailable = {
      status: 503,
      body: { error: { code: "delivery_unavailable", message: "Служба доставки временно недоступна. Попробуйте ещё раз." } },
    };
    expect(await postJson(cdekShop, "/api/checkout/deliveries", { code: PETERSBURG })).toEqual(unavailable);
    expect(await postJson(cdekShop, "/api/locations/get-pvz", { city: PETERSBURG, deliveryId: 79 })).toEqual(unavailable);
    const reads = cdek.requests.filter((request) => request.query.get("city_code") === "137");
    expect(reads).toHaveLength(2);
    expect(cdekShop.output()).toMatch(/Delivery provider failed.*deliverypoints answered HTTP 500/);
  });
});
