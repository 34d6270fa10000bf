import { describe, expect, it } from "vitest";
import { frameOptions } from "./frame-options.ts";

describe("frameOptions", () => {
  it("sticks the header on cart and checkout only", () => {
    expect(frameOptions(["root", "routes/layouts/default", "cart"]).stickyHeader).toBe(true);
    expect(frameOptions(["root", "routes/layouts/default", "checkout"]).stickyHeader).toBe(true);
    expect(frameOptions(["root", "routes/layouts/default", "catalog"]).stickyHeader).toBe(false);
  });

  it("hides the free-delivery banner on partners only", () => {
    expect(frameOptions(["root", "partners"]).hideDeliveryBanner).toBe(true);
    expect(frameOptions(["root", "about"]).hideDeliveryBanner).toBe(false);
  });
});
