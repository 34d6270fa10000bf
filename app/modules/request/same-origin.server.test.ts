import { describe, expect, it } from "vitest";
import { isSameOrigin, isShopFormPost } from "./same-origin.server.ts";

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

describe("isShopFormPost", () => {
  const form = (headers: Record<string, string>) => new Request("http://127.0.0.1:3000/my/profile", { method: "POST", headers });

  it("accepts the shop's own Origin, and without one a same-origin Sec-Fetch-Site or the shop's Referer", () => {
    expect(isShopFormPost(form({ Origin: "http://127.0.0.1:3000" }))).toBe(true);
    expect(isShopFormPost(form({ "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    expect(isShopFormPost(form({ Referer: "http://127.0.0.1:3000/my/profile" }))).toBe(true);
  });

  it("refuses a form that says nothing about where it comes from, or names another site", () => {
    expect(isShopFormPost(form({}))).toBe(false);
    expect(isShopFormPost(form({ Origin: "https://evil.example" }))).toBe(false);
    expect(isShopFormPost(form({ Origin: "null", Referer: "http://127.0.0.1:3000/" }))).toBe(false);
    expect(isShopFormPost(form({ "Sec-Fetch-Site": "cross-site", Referer: "http://127.0.0.1:3000/" }))).toBe(false);
    expect(isShopFormPost(form({ Referer: "https://evil.example/http://127.0.0.1:3000/" }))).toBe(false);
    expect(isShopFormPost(form({ Referer: "not a url" }))).toBe(false);
  });
});
