import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeReply, type FakeRequest, type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { createMemo } from "../shared/memory-cache.ts";
import { createCdekDeliveryProvider, describeCdekErrors, parseCdekCities, parseCdekDeliveryPoints, parseCdekTariffs } from "./cdek.server.ts";
import { DeliveryProviderError, type DeliveryProvider, MOSCOW_CODE, SAINT_PETERSBURG_CODE } from "./provider.ts";

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/delivery/${name}`, import.meta.url), "utf8");
const JSON_TYPE = "application/json;charset=UTF-8";
const json = (name: string, status = 200): FakeReply => ({ status, contentType: JSON_TYPE, body: fixture(name) });

describe("parsing CDEK bodies", () => {
  it("reads the codes and messages of both error shapes", () => {
    expect(describeCdekErrors(fixture("cdek-error-400.json"))).toBe("v2_invalid_format: Invalid value type in field city_code");
    expect(describeCdekErrors(fixture("cdek-error-entity.json"))).toMatch(/^v2_entity_not_found: Entity is not found/);
    expect(describeCdekErrors(fixture("cdek-garbage.html"))).toBe("");
  });

  it("refuses bodies that are not arrays of the expected entries", () => {
    expect(() => parseCdekCities({ items: [] })).toThrow(DeliveryProviderError);
    expect(() => parseCdekCities([{ code: 44, city: "Москва" }])).toThrow(/location\/cities entry 0: latitude: /);
    expect(() => parseCdekDeliveryPoints([{ code: "X" }])).toThrow(/location/);
    expect(parseCdekDeliveryPoints(JSON.parse(fixture("cdek-deliverypoints-moscow.json")))[2]).toEqual({
      code: "MSK789",
      name: "Постамат у метро",
      type: "POSTAMAT",
      address: "127006, Россия, Москва, ул. Малая Дмитровка, 3",
      workTime: "Пн-Вс 00:00-24:00",
      latitude: 55.7702,
      longitude: 37.6011,
    });
  });
});

describe("the provider against a fake CDEK", () => {
  let server: FakeServer;
  let clock = 1_000_000;
  let tokenCount = 0;
  let provider: DeliveryProvider;
  /** Tariff codes the fake calculator leaves out of its answer. */
  let missingTariffs: number[] = [];

  /** Good answers; a token's number is in its value so tests can see which one was used. */
  const good = (request: FakeRequest): FakeReply => {
    if (request.path === "/v2/oauth/token") {
      tokenCount += 1;
      return { contentType: JSON_TYPE, body: fixture("cdek-token.json").replace("synthetic-token-1", `synthetic-token-${tokenCount}`) };
    }
    if (request.path === "/v2/location/cities") {
      if (request.query.get("code") === "44") return json("cdek-cities-moscow.json");
      if (request.query.has("city")) return json("cdek-cities-search.json");
      return { contentType: JSON_TYPE, body: "[]" };
    }
    if (request.path === "/v2/deliverypoints") {
      if (request.query.get("city_code") !== "44") return { contentType: JSON_TYPE, body: "[]" };
      const type = request.query.get("type") ?? "ALL";
      const all = JSON.parse(fixture("cdek-deliverypoints-moscow.json")) as { type: string }[];
      return { contentType: JSON_TYPE, body: JSON.stringify(type === "ALL" ? all : all.filter((point) => point.type === type)) };
    }
    if (request.path === "/v2/calculator/tarifflist" && request.method === "POST") {
      const answer = JSON.parse(fixture("cdek-tarifflist.json")) as { tariff_codes: { tariff_code: number }[] };
      answer.tariff_codes = answer.tariff_codes.filter((tariff) => !missingTariffs.includes(tariff.tariff_code));
      return { contentType: JSON_TYPE, body: JSON.stringify(answer) };
    }
    return { status: 404, contentType: "text/plain", body: "not found" };
  };
  const apiCalls = () => server.requests.filter((request) => request.path !== "/v2/oauth/token");
  const tokenCalls = () => server.requests.filter((request) => request.path === "/v2/oauth/token");

  beforeAll(async () => {
    server = await startFakeHttpServer(good);
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.handler = good;
    server.requests.length = 0;
    tokenCount = 0;
    missingTariffs = [];
    clock = 1_000_000;
    provider = createCdekDeliveryProvider({
      baseUrl: server.baseUrl,
      clientId: "client-id",
      clientSecret: "secret & more",
      timeoutMs: 2000,
      now: () => clock,
    });
  });

  it("gets a token with client credentials in a form body and sends it as a bearer", async () => {
    await provider.city(MOSCOW_CODE);
    const [token] = tokenCalls();
    expect(token?.method).toBe("POST");
    expect(token?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({
      grant_type: "client_credentials",
      client_id: "client-id",
      client_secret: "secret & more",
    });
    expect(apiCalls()[0]?.headers.authorization).toBe("Bearer eyJhbGciOiJSUzI1NiJ9.synthetic-token-1");
  });

  it("keeps the token until it is about to expire, then fetches a new one", async () => {
    await provider.city(MOSCOW_CODE);
    await provider.pickupPoints(MOSCOW_CODE, 79);
    await Promise.all([provider.searchCities("Ново"), provider.deliveryGroups(MOSCOW_CODE)]);
    expect(tokenCalls()).toHaveLength(1);
    clock += (3599 - 30) * 1000;
    await provider.city(MOSCOW_CODE);
    expect(tokenCalls()).toHaveLength(2);
    expect(apiCalls().at(-1)?.headers.authorization).toBe("Bearer eyJhbGciOiJSUzI1NiJ9.synthetic-token-2");
  });

  it("fetches a new token once on a 401 and repeats the call", async () => {
    await provider.city(MOSCOW_CODE);
    server.handler = (request) =>
      request.path !== "/v2/oauth/token" && request.headers.authorization?.endsWith("token-1")
        ? { status: 401, contentType: JSON_TYPE, body: "" }
        : good(request);
    expect((await provider.city(MOSCOW_CODE))?.code).toBe(MOSCOW_CODE);
    expect(tokenCalls()).toHaveLength(2);
    expect(apiCalls().map((call) => call.headers.authorization?.slice(-7))).toEqual(["token-1", "token-1", "token-2"]);
  });

  it("gives up with a 401 error when the new token is refused too", async () => {
    server.handler = (request) => (request.path === "/v2/oauth/token" ? good(request) : { status: 401, contentType: JSON_TYPE, body: "" });
    const error = await provider.city(MOSCOW_CODE).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryProviderError);
    expect((error as DeliveryProviderError).status).toBe(401);
    expect(tokenCalls()).toHaveLength(2);
  });

  it("reports refused credentials", async () => {
    server.handler = (request) =>
      request.path === "/v2/oauth/token" ? { status: 401, contentType: JSON_TYPE, body: '{"error":"invalid_client"}' } : good(request);
    await expect(provider.city(MOSCOW_CODE)).rejects.toThrow(/oauth\/token answered HTTP 401/);
  });

  it("maps the city search, Moscow under its 10-digit code and others under CDEK codes", async () => {
    const cities = await provider.searchCities(" Ново ", 3);
    expect(cities.map((city) => [city.code, city.fullName])).toEqual([
      ["270", "Новосибирск, Новосибирская область, Россия"],
      ["274", "Новокузнецк, Кемеровская область, Россия"],
      ["433", "Новороссийск, Краснодарский край, Россия"],
    ]);
    const query = apiCalls()[0]!.query;
    expect(Object.fromEntries(query)).toMatchObject({ city: "Ново", country_codes: "RU", size: "3" });
    expect(await provider.city(MOSCOW_CODE)).toEqual({
      code: MOSCOW_CODE,
      name: "Москва",
      lastName: "Россия",
      fullName: "Москва, Россия",
      coords: { latitude: 55.7507, longitude: 37.6175 },
    });
    expect(apiCalls().at(-1)?.query.get("code")).toBe("44");
    expect(await provider.city("270")).toBeUndefined();
    expect(await provider.city("9000000003")).toBeUndefined();
    expect(await provider.searchCities("")).toEqual([]);
  });

  it("lists PVZ as points and POSTAMAT as lockers, tagged with the delivery id", async () => {
    const points = await provider.pickupPoints(MOSCOW_CODE, 76);
    expect(apiCalls().at(-1)?.query.get("type")).toBe("ALL");
    expect(apiCalls().at(-1)?.query.get("city_code")).toBe("44");
    expect(points[0]).toEqual({
      code: "MSK123",
      name: "На Тверской",
      address: "ул. Тверская, 1",
      workTime: "Пн-Пт 10:00-20:00, Сб-Вс 10:00-16:00",
      coords: { latitude: 55.765, longitude: 37.605 },
      dlvId: 76,
      type: "",
    });
    expect(points.map((point) => point.code)).toEqual(["MSK123", "MSK456"]);
    const lockers = await provider.pickupPoints(MOSCOW_CODE, 80);
    expect(lockers.map((locker) => [locker.code, locker.type, locker.dlvId])).toEqual([["MSK789", "постамат", 80]]);
    const calls = apiCalls().length;
    expect(await provider.pickupPoints(MOSCOW_CODE, 45)).toEqual([]);
    expect(await provider.pickupPoints("not a code", 79)).toEqual([]);
    expect(apiCalls()).toHaveLength(calls);
  });

  it("builds the groups from the kinds of points the city has", async () => {
    const groups = await provider.deliveryGroups(MOSCOW_CODE);
    expect(apiCalls().at(-1)?.query.get("type")).toBe("ALL");
    expect(groups.map((group) => group.items.map((item) => item.id))).toEqual([[76, 77], [79, 80, 45], [35], [43]]);
    expect((await provider.deliveryGroups("270")).map((group) => group.items.map((item) => item.id))).toEqual([[45]]);
  });

  it("turns a 500, a 400 with CDEK errors, garbage and a reset into DeliveryProviderError", async () => {
    await provider.city(MOSCOW_CODE);
    const failWith = (reply: FakeReply) => {
      server.handler = (request) => (request.path === "/v2/oauth/token" ? good(request) : reply);
    };
    failWith({ status: 500, contentType: "text/html", body: "<html>500</html>" });
    const error = await provider.pickupPoints(MOSCOW_CODE, 79).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryProviderError);
    expect((error as DeliveryProviderError).status).toBe(500);
    expect((error as Error).message).toBe("CDEK: /v2/deliverypoints answered HTTP 500");

    failWith(json("cdek-error-400.json", 400));
    await expect(provider.pickupPoints(MOSCOW_CODE, 79)).rejects.toThrow(/HTTP 400 \(v2_invalid_format: Invalid value type/);

    failWith({ contentType: "text/html", body: fixture("cdek-garbage.html") });
    await expect(provider.searchCities("Моск")).rejects.toThrow(/not JSON/);

    failWith({ contentType: JSON_TYPE, body: '{"items":[]}' });
    await expect(provider.deliveryGroups(MOSCOW_CODE)).rejects.toThrow(/deliverypoints did not answer a JSON array/);

    failWith({ fault: "reset" });
    await expect(provider.city(MOSCOW_CODE)).rejects.toBeInstanceOf(DeliveryProviderError);

    failWith({ contentType: JSON_TYPE, body: "[]", delayMs: 500 });
    const slow = createCdekDeliveryProvider({ baseUrl: server.baseUrl, clientId: "a", clientSecret: "b", timeoutMs: 100 });
    await expect(slow.city(MOSCOW_CODE)).rejects.toThrow(/timed out after 100 ms/);
  });

  const coins = { weightGrams: 31.1, goodsTotal: 180_000 };
  const calculatorCalls = () => server.requests.filter((request) => request.path === "/v2/calculator/tarifflist");

  it("prices point, locker and courier by tariffs 136, 368 and 137 from the sender city, rounded up", async () => {
    const spb = createCdekDeliveryProvider({ baseUrl: server.baseUrl, clientId: "a", clientSecret: "b", senderCityCode: 137 });
    expect(await spb.quote(MOSCOW_CODE, 79, coins)).toEqual({ price: 350, minDays: 2, maxDays: 3 });
    expect(await spb.quote(MOSCOW_CODE, 80, coins)).toEqual({ price: 330, minDays: 2, maxDays: 3 });
    expect(await spb.quote(MOSCOW_CODE, 45, coins)).toEqual({ price: 613, minDays: 2, maxDays: 4 });
    const [call] = calculatorCalls();
    expect(call?.method).toBe("POST");
    expect(call?.headers["content-type"]).toBe("application/json");
    expect(call?.headers.authorization).toMatch(/^Bearer /);
    expect(JSON.parse(call!.body)).toEqual({
      type: 1,
      currency: 1,
      lang: "rus",
      from_location: { code: 137 },
      to_location: { code: 44 },
      packages: [{ weight: 232, length: 15, width: 10, height: 5 }],
    });
  });

  it("sends from Moscow (44) by default and asks for the buyer's city by its CDEK code", async () => {
    await provider.quote(MOSCOW_CODE, 79, coins);
    expect(JSON.parse(calculatorCalls()[0]!.body)).toMatchObject({ from_location: { code: 44 }, to_location: { code: 44 } });
  });

  it("makes free delivery cost 0 with the tariff's days, and prices office pickup and special contact without the calculator", async () => {
    expect(await provider.quote(MOSCOW_CODE, 76, coins)).toEqual({ price: 0, minDays: 2, maxDays: 3 });
    expect(await provider.quote(MOSCOW_CODE, 77, coins)).toEqual({ price: 0, minDays: 2, maxDays: 3 });
    const calls = calculatorCalls().length;
    expect(await provider.quote(MOSCOW_CODE, 35, coins)).toEqual({ price: 0, minDays: 1, maxDays: 1 });
    expect((await provider.quote(MOSCOW_CODE, 43, coins))?.price).toBe(0);
    expect(calculatorCalls()).toHaveLength(calls);
  });

  it("quotes nothing when the calculator has no tariff for the service, or the city is not offered the id", async () => {
    missingTariffs = [368];
    expect(await provider.quote(MOSCOW_CODE, 80, coins)).toBeUndefined();
    expect(await provider.quote(MOSCOW_CODE, 77, coins)).toBeUndefined();
    expect((await provider.quote(MOSCOW_CODE, 79, coins))?.price).toBe(350);
    // Novosibirsk (270) has no points in the fake: only the courier is offered.
    expect(await provider.quote("270", 79, coins)).toBeUndefined();
    expect(await provider.quote("270", 43, coins)).toBeUndefined();
    expect((await provider.quote("270", 45, coins))?.price).toBe(613);
    expect(await provider.quote("not a code", 45, coins)).toBeUndefined();
  });

  it("turns a 400 with CDEK errors, an answer of only errors, and a malformed tariff into DeliveryProviderError", async () => {
    const calculatorAnswers = (reply: FakeReply) => {
      server.handler = (request) => (request.path === "/v2/calculator/tarifflist" ? reply : good(request));
    };
    calculatorAnswers(json("cdek-error-400.json", 400));
    const error = await provider.quote(MOSCOW_CODE, 79, coins).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryProviderError);
    expect((error as DeliveryProviderError).status).toBe(400);
    expect((error as Error).message).toMatch(/calculator\/tarifflist answered HTTP 400 \(v2_invalid_format/);

    calculatorAnswers({ contentType: JSON_TYPE, body: '{"tariff_codes":[],"errors":[{"code":"v2_bad_request","message":"No tariffs"}]}' });
    await expect(provider.quote(MOSCOW_CODE, 79, coins)).rejects.toThrow(/answered errors \(v2_bad_request: No tariffs\)/);

    calculatorAnswers({ contentType: JSON_TYPE, body: '{"tariff_codes":[{"tariff_code":136,"delivery_sum":"350"}]}' });
    await expect(provider.quote(MOSCOW_CODE, 79, coins)).rejects.toThrow(/calculator\/tarifflist entry 0: delivery_sum: /);
    expect(() => parseCdekTariffs([])).toThrow(/not answer a JSON object/);
    expect(parseCdekTariffs({ tariff_codes: [], errors: [] })).toEqual([]);
  });

  it("reads points and tariffs once per city and weight through a memo, and tries again after a failure", async () => {
    const cached = createCdekDeliveryProvider({ baseUrl: server.baseUrl, clientId: "a", clientSecret: "b", memo: createMemo({ ttlMs: 60_000 }) });
    await Promise.all([
      cached.deliveryGroups(MOSCOW_CODE),
      cached.pickupPoints(MOSCOW_CODE, 79),
      cached.pickupPoints(MOSCOW_CODE, 80),
      ...[79, 80, 76, 77, 45].map((id) => cached.quote(MOSCOW_CODE, id, coins)),
    ]);
    expect(
      apiCalls()
        .map((call) => call.path)
        .sort(),
    ).toEqual(["/v2/calculator/tarifflist", "/v2/deliverypoints"]);
    await cached.quote(MOSCOW_CODE, 79, { weightGrams: 1000, goodsTotal: 1 });
    expect(calculatorCalls()).toHaveLength(2);

    server.handler = (request) => (request.path === "/v2/deliverypoints" ? { status: 502, contentType: "text/plain", body: "" } : good(request));
    await expect(cached.deliveryGroups(SAINT_PETERSBURG_CODE)).rejects.toThrow(/HTTP 502/);
    server.handler = good;
    // The fake has no points in Saint Petersburg: courier and special contact only.
    const groups = await cached.deliveryGroups(SAINT_PETERSBURG_CODE);
    expect(groups.map((group) => group.items.map((item) => item.id))).toEqual([[45], [43]]);
  });
});
