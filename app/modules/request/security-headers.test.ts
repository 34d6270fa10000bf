import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

describe("securityHeaders", () => {
  it("forbids framing and type guessing, and keeps the referrer to the origin", () => {
    const headers = securityHeaders("http://localhost:3000");
    expect(headers["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("asks for HSTS only when the shop's public address is https", () => {
    expect(securityHeaders("http://localhost:3000")["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders("https://shop.example")["Strict-Transport-Security"]).toMatch(/^max-age=31536000/);
  });
});
