import { describe, expect, it } from "vitest";
import { visiblePages } from "./Pagination.tsx";

describe("visiblePages", () => {
  it("shows every page of a short list", () => {
    expect(visiblePages(2, 3)).toEqual([1, 2, 3]);
  });

  it("keeps the first, the last and two pages around the current one", () => {
    expect(visiblePages(10, 20)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 20]);
    expect(visiblePages(1, 20)).toEqual([1, 2, 3, "gap", 20]);
  });
});
