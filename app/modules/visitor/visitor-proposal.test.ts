import { describe, expect, it } from "vitest";
import { proposeVisitorId } from "./visitor-proposal.ts";

/** document.cookie as a browser keeps it: each write sets one cookie, a read lists them all. */
function cookieJar(initial: Record<string, string> = {}) {
  const cookies = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair] = line.split(";");
      const [name, value] = pair!.split("=");
      cookies.set(name!.trim(), value!);
    },
  };
}

describe("the visitor id a page proposes", () => {
  it("is a random version 4 uuid, kept ten minutes for the whole site, Secure and SameSite=Lax", () => {
    const jar = cookieJar({ analytics_consent: "granted" });
    proposeVisitorId(jar);
    expect(jar.writes).toHaveLength(1);
    expect(jar.writes[0]).toMatch(
      /^uuid_proposed=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}; Max-Age=600; Path=\/; Secure; SameSite=Lax$/,
    );
    const other = cookieJar();
    proposeVisitorId(other);
    expect(other.writes[0]).not.toBe(jar.writes[0]);
  });

  it("is not written again while one is there: every press of the page and of its other tabs carries the same", () => {
    const jar = cookieJar();
    proposeVisitorId(jar);
    proposeVisitorId(jar);
    expect(jar.writes).toHaveLength(1);
    const otherTab = cookieJar({ uuid_proposed: "7c9e6679-7425-40de-944b-e07fc1f0b2a1" });
    proposeVisitorId(otherTab);
    expect(otherTab.writes).toEqual([]);
  });
});
