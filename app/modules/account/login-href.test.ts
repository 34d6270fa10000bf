import { describe, expect, it } from "vitest";
import { loginHref, safeReturnPath } from "./login-href.ts";

describe("loginHref", () => {
  it("returns the buyer to the page they came from", () => {
    expect(loginHref("/my/orders")).toBe("/login?redirectTo=%2Fmy%2Forders");
    expect(loginHref("/")).toBe("/login");
  });

  it.each(["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", ""])("never leads off the site: %j", (value) => {
    expect(safeReturnPath(value)).toBe("/");
    expect(loginHref(value)).toBe("/login");
  });
});
