import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeRequest, type FakeReply, type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { createDeliveryProvider } from "./delivery.server.ts";
import { MOSCOW_CODE } from "./provider.ts";

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/delivery/${name}`, import.meta.url), "utf8");
const reply = (name: string): FakeReply => ({ contentType: "application/json", body: fixture(name) });

describe("createDeliveryProvider", () => {
  let server: FakeServer;
  const good = (request: FakeRequest): FakeReply =>
    request.path === "/v2/oauth/token"
      ? reply("cdek-token.json")
      : request.path === "/v2/deliverypoints"
        ? reply("cdek-deliverypoints-moscow.json")
        : reply("cdek-tarifflist.json");
  beforeAll(async () => {
    server = await startFakeHttpServer(good);
  });
  afterAll(() => server.close());

  const cdekConfig = () => ({
    provider: "cdek" as const,
    timeoutMs: 2000,
    cdek: { clientId: "id", clientSecret: "secret", baseUrl: server.baseUrl, senderCityCode: 137 },
  });

  it("builds the embedded provider by default", async () => {
    const provider = createDeliveryProvider({ ...cdekConfig(), provider: "embedded" });
    expect(provider.id).toBe("embedded");
    expect((await provider.city(MOSCOW_CODE))?.name).toBe("Москва");
  });

  it("builds CDEK from the settings and reuses its reads, but not its failures", async () => {
    const provider = createDeliveryProvider(cdekConfig());
    expect(provider.id).toBe("cdek");
    server.handler = (request) => (request.path === "/v2/deliverypoints" ? { status: 503, contentType: "text/plain", body: "" } : good(request));
    await expect(provider.deliveryGroups(MOSCOW_CODE)).rejects.toThrow(/HTTP 503/);
    server.handler = good;
    server.requests.length = 0;
    for (let i = 0; i < 3; i++) {
      expect((await provider.deliveryGroups(MOSCOW_CODE)).length).toBe(4);
      expect((await provider.quote(MOSCOW_CODE, 79, { weightGrams: 10, goodsTotal: 1 }))?.price).toBe(350);
    }
    expect(server.requests.map((request) => request.path)).toEqual(["/v2/deliverypoints", "/v2/calculator/tarifflist"]);
    expect(JSON.parse(server.requests[1]!.body).from_location).toEqual({ code: 137 });
  });
});
