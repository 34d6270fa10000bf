import { describe, expect, it } from "vitest";

// The project pins Node 24 through the `node` package; a tool started with the
// system's older Node would pass tests that production would not.
describe("runtime", () => {
  it("runs on Node 24", () => {
    expect(Number(process.versions.node.split(".")[0])).toBe(24);
  });
});
