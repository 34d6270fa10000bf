import { describe, expect, it } from "vitest";
import { loginHref, safeReturnPath } from "./login-href.ts";

describe("loginHref", () => {
  it("returns the buyer to the page they came from", () => {
    expect(loginHref("/my/orders")).toBe("/login?redirectTo=%2Fmy%2Forders");
    expect(loginHref("/")).toBe("/login");
  });

  it("on the sign-in page keeps that page's destination instead of nesting /login in /login", () => {
    expect(loginHref("/login?redirectTo=%2Fmy%2Forders")).toBe("/login?redirectTo=%2Fmy%2Forders");
    expect(loginHref("/login")).toBe("/login");
    // An address already nested (an old link, or typed) comes out flat.
    expect(loginHref("/login?redirectTo=%2Flogin%3FredirectTo%3D%252Fcart")).toBe("/login?redirectTo=%2Fcart");
    expect(loginHref("/login?redirectTo=https%3A%2F%2Fevil.example")).toBe("/login");
    let deep = "/cart";
    for (let depth = 0; depth < 20; depth++) deep = `/login?redirectTo=${encodeURIComponent(deep)}`;
    expect(loginHref(deep)).toBe("/login");
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "",
    // Browsers drop tabs and line breaks from a URL: these are //evil.example.
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\\/evil.example",
    "/%0d%0aSet-Cookie:x=1\r\nX: y",
    "/my\u0000orders",
  ])("never leads off the site: %j", (value) => {
    expect(safeReturnPath(value)).toBe("/");
    expect(loginHref(value)).toBe("/login");
  });
});

describe("safeReturnPath", () => {
  it("keeps a path of the shop with its query", () => {
    expect(safeReturnPath("/my/orders?page=2#list")).toBe("/my/orders?page=2#list");
    expect(safeReturnPath("/catalog/gold")).toBe("/catalog/gold");
  });

  it("gives a valid Location header for any letters (Headers.set refuses non-Latin-1)", () => {
    const path = safeReturnPath("/поиск?q=монета");
    expect(path).toBe("/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA?q=%D0%BC%D0%BE%D0%BD%D0%B5%D1%82%D0%B0");
    expect(() => new Headers().set("Location", path)).not.toThrow();
  });
});
