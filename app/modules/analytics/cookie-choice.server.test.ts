import { describe, expect, it } from "vitest";
import { analyticsChoiceHeader, analyticsView, readAnalyticsChoice } from "./cookie-choice.server.ts";

const withCookie = (cookie: string) => new Request("http://shop.test/", { headers: { Cookie: cookie } });

describe("analytics cookie choice", () => {
  it("reads only the two answers", () => {
    expect(readAnalyticsChoice(withCookie("uuid=x; analytics_consent=granted"))).toBe("granted");
    expect(readAnalyticsChoice(withCookie("analytics_consent=denied"))).toBe("denied");
    expect(readAnalyticsChoice(withCookie("analytics_consent=yes"))).toBeNull();
    expect(readAnalyticsChoice(new Request("http://shop.test/"))).toBeNull();
  });

  it("keeps the answer a year, for the whole site, out of scripts' reach", () => {
    expect(analyticsChoiceHeader("granted")).toBe("analytics_consent=granted; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax");
  });

  it("shows the banner until an answer and loads the counter only after acceptance", () => {
    expect(analyticsView("12345", null)).toEqual({ banner: true, snippet: null });
    expect(analyticsView("12345", "denied")).toEqual({ banner: false, snippet: null });
    const accepted = analyticsView("12345", "granted");
    expect(accepted.banner).toBe(false);
    expect(accepted.snippet).toContain("ym(12345,");
  });

  it("asks nothing when no counter is configured", () => {
    expect(analyticsView(undefined, null)).toEqual({ banner: false, snippet: null });
    expect(analyticsView(undefined, "granted")).toEqual({ banner: false, snippet: null });
  });
});
