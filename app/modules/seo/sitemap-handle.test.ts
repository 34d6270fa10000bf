import { describe, expect, it } from "vitest";
import { fixedSitemapPages } from "./sitemap.server.ts";

describe("fixedSitemapPages", () => {
  it("lists, in route order, the fixed addresses whose handle asks for the sitemap", () => {
    const routes = [
      { pattern: "/", handle: { sitemap: { changeFrequency: "hourly" } } },
      { pattern: "/cart", handle: { frame: { stickyHeader: true } } },
      { pattern: "/about", handle: undefined },
      { pattern: "/news", handle: { sitemap: { changeFrequency: "daily" } } },
      { pattern: "/cases", handle: { sitemap: {} } },
    ];
    expect(fixedSitemapPages(routes)).toEqual([{ path: "/", changeFrequency: "hourly" }, { path: "/news", changeFrequency: "daily" }, { path: "/cases" }]);
  });
});
