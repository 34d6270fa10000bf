import { describe, expect, it } from "vitest";
import { crossSiteMessage, guardApiCall } from "./guards.server.ts";

const shop = "https://shop.example";
const request = (method: string, headers: Record<string, string> = {}) => new Request(`${shop}/api/x`, { method, headers });
const answer = async (response: Response | null) =>
  response ? { status: response.status, allow: response.headers.get("Allow"), body: await response.json() } : null;

describe("guardApiCall", () => {
  const cart = { methods: { GET: "read", DELETE: "change" } } as const;

  it("answers a method the route does not declare with the contract's 405 and Allow in declared order", async () => {
    expect(await answer(guardApiCall(cart, request("PUT"), shop))).toEqual({
      status: 405,
      allow: "GET, DELETE",
      body: { error: { code: "method_not_allowed", message: "Метод не поддерживается; допустимо: GET, DELETE" } },
    });
  });

  it("lets reads through from anywhere, HEAD with them", async () => {
    expect(guardApiCall(cart, request("GET", { "Sec-Fetch-Site": "cross-site" }), shop)).toBeNull();
    expect(guardApiCall(cart, request("HEAD"), shop)).toBeNull();
    expect(guardApiCall({ methods: { POST: "read" } }, request("POST"), shop)).toBeNull();
  });

  it("lets a change through only from the shop's own pages, with one generic refusal", async () => {
    expect(guardApiCall(cart, request("DELETE", { Origin: shop }), shop)).toBeNull();
    expect(guardApiCall(cart, request("DELETE", { "Sec-Fetch-Site": "same-origin" }), shop)).toBeNull();
    const strangers: Record<string, string>[] = [{ Origin: "https://evil.example" }, {}, { "Sec-Fetch-Site": "cross-site", Origin: shop }];
    for (const headers of strangers) {
      expect(await answer(guardApiCall(cart, request("DELETE", headers), shop))).toEqual({
        status: 403,
        allow: null,
        body: { error: { code: "cross_site", message: crossSiteMessage } },
      });
    }
  });

  it("refuses HEAD of a GET that changes state, even from the shop's page", async () => {
    const clear = { methods: { GET: "change", POST: "change" } } as const;
    expect((await answer(guardApiCall(clear, request("HEAD", { "Sec-Fetch-Site": "same-origin" }), shop)))?.allow).toBe("GET, POST");
    expect(guardApiCall(clear, request("GET", { "Sec-Fetch-Site": "same-origin" }), shop)).toBeNull();
  });

  it("takes a provider's notification from anywhere", () => {
    expect(guardApiCall({ methods: { POST: "notification" } }, request("POST", { Origin: "https://yookassa.example" }), shop)).toBeNull();
  });
});
