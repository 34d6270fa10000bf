import { describe, expect, it } from "vitest";
import { pageNotFound, parsePageNumber } from "./not-found.ts";

function thrown(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    return error as { data: unknown; init: { status: number } };
  }
  throw new Error("expected a throw");
}

describe("parsePageNumber", () => {
  it("reads page numbers from 2 up", () => {
    expect(parsePageNumber(undefined, "/catalog")).toBe(1);
    expect(parsePageNumber("2", "/catalog/page/2")).toBe(2);
    expect(parsePageNumber("125", "/catalog/page/125")).toBe(125);
  });

  it.each(["1", "0", "-1", "02", "abc", "2.5", "9999999", ""])("rejects %j as 'Page Not Found'", (value) => {
    const error = thrown(() => parsePageNumber(value, `/news/page/${value}`));
    expect(error.init.status).toBe(404);
    expect(error.data).toBe(`Page Not Found: /news/page/${value}`);
  });
});

describe("pageNotFound", () => {
  it("throws a 404 with the spec's message", () => {
    const error = thrown(() => pageNotFound("/nope"));
    expect(error.init.status).toBe(404);
    expect(error.data).toBe("Page not found: /nope");
  });
});
