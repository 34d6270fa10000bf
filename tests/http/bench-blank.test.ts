// The bench's blank page (decision 063): the framework's floor for bench/main-thread-trace.ts.
// A shop started without BENCH_BLANK_PAGE answers it as any unknown address; the bench's shop
// renders the root and nothing else.
import { describe, expect, it } from "vitest";
import { h1Texts, robotsMeta } from "#tests/support/html.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

describe("a shop as the operator runs it", () => {
  const shop = runningShop();
  it("answers /bench/blank with the not-found page", async () => {
    const response = await shop.client().get("/bench/blank");
    expect(response.status).toBe(404);
  });
});

describe("the bench's shop (BENCH_BLANK_PAGE=true)", () => {
  const shop = runningShop({ env: { BENCH_BLANK_PAGE: "true" } });
  it("renders the root and the page's scripts with no content and out of search engines", async () => {
    const response = await shop.client().get("/bench/blank");
    expect(response.status).toBe(200);
    expect(h1Texts(response.text)).toEqual([]);
    expect(robotsMeta(response.text)).toContain("noindex");
    expect(response.text).toMatch(/assets\/entry\.client-[\w-]+\.js/);
  });
});
