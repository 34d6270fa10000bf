import { describe, expect, it } from "vitest";
import { isAnonymousRequest } from "./anonymous-request.ts";

const ask = (pathname: string, headers: Record<string, string> = {}, method = "GET") => isAnonymousRequest({ method, pathname, headers: new Headers(headers) });

describe("isAnonymousRequest", () => {
  it("a first visit to a page (no cookie at all) is anonymous, GET and HEAD alike", () => {
    for (const path of ["/", "/catalog", "/catalog/zolotye-monety", "/about", "/search", "/no-such-page"]) {
      expect(ask(path), path).toBe(true);
      expect(ask(path, {}, "HEAD"), path).toBe(true);
    }
  });

  it("any of the shop's own cookies makes it personal: session, visitor (lists, draft), notice, sign-in steps, staff", () => {
    for (const cookie of ["session=abc", "uuid=0d5b0f7e-8f41-4b0b-9a4d-0a0a0a0a0a0a", "flash=x", "login=x", "staff_session=x", "staff_login=x"]) {
      expect(ask("/catalog", { Cookie: cookie }), cookie).toBe(false);
      expect(ask("/catalog", { Cookie: `_ym_uid=1; ${cookie}` }), cookie).toBe(false);
    }
  });

  it("an unknown cookie (a consent choice, anything added later) is personal too; only the known harmless ones are not", () => {
    expect(ask("/", { Cookie: "consent=analytics" })).toBe(false);
    expect(ask("/", { Cookie: "something_new=1" })).toBe(false);
    expect(ask("/", { Cookie: "garbage-without-value" })).toBe(false);
    expect(ask("/", { Cookie: "_ym_uid=1; _ym_d=2" })).toBe(true);
    expect(ask("/", { Cookie: " ; " })).toBe(true);
  });

  it("changes, parts of a page, credentials and client navigations' data are never shared", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) expect(ask("/catalog", {}, method), method).toBe(false);
    expect(ask("/catalog", { Range: "bytes=0-10" })).toBe(false);
    expect(ask("/catalog", { "If-Range": '"x"' })).toBe(false);
    expect(ask("/catalog", { Authorization: "Basic eDp5" })).toBe(false);
    expect(ask("/catalog.data")).toBe(false);
  });

  it("personal addresses and answers shared by their own rules are not pages of the cache", () => {
    for (const path of [
      "/cart",
      "/checkout",
      "/my/orders",
      "/login",
      "/wishlist",
      "/product-comparison",
      "/admin",
      "/api/courses",
      "/robots.txt",
      "/sitemap.xml",
      "/yml.xml",
      "/build.json",
      "/thanks",
    ]) {
      expect(ask(path), path).toBe(false);
    }
  });
});
