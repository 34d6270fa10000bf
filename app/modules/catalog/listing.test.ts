import { describe, expect, it } from "vitest";
import { parseListingQuery } from "./listing.ts";

describe("parseListingQuery", () => {
  it("keeps a plain free-text filter", () => {
    expect(parseListingQuery(new URLSearchParams("country=Россия&mint=ММД")).filters).toMatchObject({ country: "Россия", mint: "ММД" });
  });

  // Found by the hostile-input suite: ?country=…%00 reached PostgreSQL, which refuses NUL, and the catalogue answered 503.
  it.each(["Рос\u0000сия", "\u0000", "a\u001fb", "x\u007f"])("drops a free-text filter with control characters (%j)", (value) => {
    const filters = parseListingQuery(new URLSearchParams({ country: value, mint: value })).filters;
    expect(filters.country).toBeUndefined();
    expect(filters.mint).toBeUndefined();
  });

  it("drops a free-text filter longer than 120 characters", () => {
    expect(parseListingQuery(new URLSearchParams({ country: "я".repeat(121) })).filters.country).toBeUndefined();
  });
});
