import { describe, expect, it } from "vitest";
import { readVisitorId, visitorCookieHeader } from "./visitor-cookie.server.ts";

const id = "3adc406c-d921-4d2b-a347-3fea03aabeec";
const request = (cookie?: string) => new Request("http://shop.test/", { headers: cookie ? { Cookie: cookie } : {} });

describe("visitor cookie", () => {
  it("is kept a year, Secure, HttpOnly and SameSite=Lax (spec section 9)", () => {
    expect(visitorCookieHeader(id)).toBe(`uuid=${id}; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax`);
  });

  it("reads a valid id among other cookies", () => {
    expect(readVisitorId(request(`a=1; uuid=${id}; b=2`))).toBe(id);
  });

  it.each([undefined, "uuid=", "uuid=not-a-uuid", "uuid=%E0%A4%A", `xuuid=${id}`, "uuid=' or 1=1 --"])("ignores %j", (cookie) => {
    expect(readVisitorId(request(cookie))).toBeUndefined();
  });
});
