import { describe, expect, it } from "vitest";
import { clearCookieHeader, cookieHeader, cookieNames, readCookie, setsCookie } from "./cookies.ts";

describe("cookies", () => {
  it("decodes cookie values and survives malformed pairs", () => {
    expect(readCookie("junk; name=a%20b", "name")).toBe("a b");
  });

  it("reads a cookie by its whole name only", () => {
    expect(readCookie("staff_session=abc", "session")).toBeUndefined();
    expect(readCookie("staff_session=abc; session=def", "session")).toBe("def");
    expect(readCookie("session=", "session")).toBe("");
    expect(readCookie(null, "session")).toBeUndefined();
  });

  it("writes the shop's cookies HttpOnly, Secure and SameSite=Lax, and deletes them on their path", () => {
    expect(cookieHeader("session", "t0k-en_", { maxAge: 60 })).toBe("session=t0k-en_; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax");
    expect(clearCookieHeader("staff_session", "/admin")).toBe("staff_session=; Max-Age=0; Path=/admin; HttpOnly; Secure; SameSite=Lax");
  });

  it("tells whether an answer sets a cookie, by its whole name", () => {
    const response = new Response(null, {
      headers: [
        ["Set-Cookie", cookieHeader("staff_session", "x", { maxAge: 1 })],
        ["Set-Cookie", "flash=abc; Path=/"],
      ],
    });
    expect(setsCookie(response, "flash")).toBe(true);
    expect(setsCookie(response, "staff_session")).toBe(true);
    expect(setsCookie(response, "session")).toBe(false);
  });
});

describe("cookieNames", () => {
  it("lists the names of a Cookie header", () => {
    expect(cookieNames("a=1; b=2;c=3")).toEqual(["a", "b", "c"]);
    expect(cookieNames(null)).toEqual([]);
    expect(cookieNames("x")).toEqual(["x"]);
  });
});
