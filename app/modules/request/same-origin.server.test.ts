import { describe, expect, it } from "vitest";
import { isSameOrigin } from "./same-origin.server.ts";

const request = (headers: Record<string, string>) => new Request("http://127.0.0.1:3000/api/cart/clear", { headers });
const publicUrl = "https://shop.example";

describe("isSameOrigin", () => {
  it("trusts the browser's Sec-Fetch-Site", () => {
    expect(isSameOrigin(request({ "Sec-Fetch-Site": "same-origin" }), publicUrl)).toBe(true);
    expect(isSameOrigin(request({ "Sec-Fetch-Site": "none" }), publicUrl)).toBe(true);
    expect(isSameOrigin(request({ "Sec-Fetch-Site": "cross-site", Origin: "http://127.0.0.1:3000" }), publicUrl)).toBe(false);
    expect(isSameOrigin(request({ "Sec-Fetch-Site": "same-site" }), publicUrl)).toBe(false);
  });

  it("falls back to Origin: the server's own or PUBLIC_URL's", () => {
    expect(isSameOrigin(request({ Origin: "http://127.0.0.1:3000" }), publicUrl)).toBe(true);
    expect(isSameOrigin(request({ Origin: "https://shop.example" }), publicUrl)).toBe(true);
    expect(isSameOrigin(request({ Origin: "https://evil.example" }), publicUrl)).toBe(false);
    expect(isSameOrigin(request({ Origin: "null" }), publicUrl)).toBe(false);
  });

  it("refuses a request that says nothing about where it comes from", () => {
    expect(isSameOrigin(request({}), publicUrl)).toBe(false);
  });
});
