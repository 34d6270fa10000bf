import { describe, expect, it } from "vitest";
import { normalizePattern, routeFacts, type ManifestRoute } from "./route-facts.ts";

const manifest: ManifestRoute[] = [
  { id: "root", path: "", module: {} },
  { id: "routes/api/layout", parentId: "root", module: {} },
  { id: "routes/api/cart-item", parentId: "routes/api/layout", path: "api/cart/:id", module: { handle: { api: "cart-item" } } },
  { id: "routes/layouts/default", parentId: "root", module: {} },
  { id: "routes/home", parentId: "routes/layouts/default", index: true, module: { handle: { sitemap: {} } } },
  { id: "routes/my/layout", parentId: "routes/layouts/default", path: "my", module: {} },
  { id: "routes/my/index", parentId: "routes/my/layout", index: true, module: {} },
  { id: "routes/my/orders", parentId: "routes/my/layout", path: "orders", module: {} },
  { id: "routes/not-found", parentId: "routes/layouts/default", path: "*", module: {} },
];

describe("routeFacts", () => {
  const facts = routeFacts(manifest);

  it("finds the leaf route by React Router's pattern, through pathless layouts", () => {
    expect(facts.byPattern("api/cart/:id")?.handle).toEqual({ api: "cart-item" });
    expect(facts.byPattern("/my/orders")?.id).toBe("routes/my/orders");
    expect(facts.byPattern("my")?.id).toBe("routes/my/index");
    expect(facts.byPattern("/")?.id).toBe("routes/home");
    expect(facts.byPattern("api/cart")).toBeUndefined();
  });

  it("lists the leaves with a fixed address, never layouts", () => {
    expect(facts.fixedAddresses().map((leaf) => leaf.pattern)).toEqual(["/", "/my", "/my/orders"]);
  });

  it("writes patterns with one leading slash", () => {
    expect(normalizePattern("")).toBe("/");
    expect(normalizePattern("api/cart/")).toBe("/api/cart");
  });
});
