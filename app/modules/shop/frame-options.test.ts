import { describe, expect, it } from "vitest";
import { frameOptions } from "./frame-options.ts";

describe("frameOptions", () => {
  it("turns an option on when a matched route's handle asks for it", () => {
    expect(frameOptions([undefined, undefined, { frame: { stickyHeader: true } }])).toEqual({ stickyHeader: true, hideDeliveryBanner: false });
    expect(frameOptions([undefined, { frame: { hideDeliveryBanner: true } }])).toEqual({ stickyHeader: false, hideDeliveryBanner: true });
  });

  it("leaves the frame as it is for routes without a frame handle", () => {
    expect(frameOptions([undefined, { sitemap: { changeFrequency: "daily" } }, { api: "any" }, null])).toEqual({
      stickyHeader: false,
      hideDeliveryBanner: false,
    });
  });
});
