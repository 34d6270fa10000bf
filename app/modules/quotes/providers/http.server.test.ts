import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { BROWSER_USER_AGENT, HttpStatusError, describeUrl, fetchBytes } from "./http.server.ts";
import { QuotesProviderError } from "./provider.ts";

describe("fetchBytes", () => {
  let server: FakeServer;
  let host: string;
  beforeAll(async () => {
    server = await startFakeHttpServer(() => ({ contentType: "application/xml; charset=windows-1251", body: new Uint8Array([0x3c, 0x61, 0x2f, 0x3e, 0xc4]) }));
    host = new URL(server.baseUrl).host;
  });
  afterAll(() => server.close());

  it("returns status, Content-Type and the exact bytes, asking as an ordinary browser", async () => {
    const answer = await fetchBytes(`${server.baseUrl}/scripts/XML_daily.asp?date_req=07/04/2026`, { timeoutMs: 1_000, accept: "application/xml" });
    expect(answer).toEqual({ status: 200, contentType: "application/xml; charset=windows-1251", bytes: new Uint8Array([0x3c, 0x61, 0x2f, 0x3e, 0xc4]) });
    const request = server.requests.at(-1)!;
    expect(request.rawQuery).toBe("date_req=07/04/2026");
    expect(request.headers["user-agent"]).toBe(BROWSER_USER_AGENT);
    expect(request.headers.accept).toBe("application/xml");
  });

  it("uses the fetch it is given", async () => {
    const seen: string[] = [];
    const fetchImpl: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } });
    };
    const answer = await fetchBytes("https://iss.moex.com/iss/x.json?a=1", { timeoutMs: 1_000, fetchImpl });
    expect(seen).toEqual(["https://iss.moex.com/iss/x.json?a=1"]);
    expect(new TextDecoder().decode(answer.bytes)).toBe("{}");
  });

  it("turns a status outside 2xx into an HttpStatusError (a QuotesProviderError) naming host and path, not the query", async () => {
    server.handler = () => ({ status: 503, contentType: "text/html", body: "<html>busy</html>" });
    const error = await fetchBytes(`${server.baseUrl}/scripts/XML_daily.asp?secret=1`, { timeoutMs: 1_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toBeInstanceOf(QuotesProviderError);
    expect(error).toMatchObject({ status: 503, contentType: "text/html", message: `${host}/scripts/XML_daily.asp answered HTTP 503 (text/html)` });
  });

  it("times out a slow answer", async () => {
    server.handler = () => ({ body: "late", delayMs: 2_000 });
    const started = Date.now();
    await expect(fetchBytes(`${server.baseUrl}/slow`, { timeoutMs: 200 })).rejects.toThrow(
      new QuotesProviderError(`Request to ${host}/slow timed out after 200 ms`),
    );
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("reports a reset connection and a body cut short", async () => {
    server.handler = () => ({ fault: "reset" });
    await expect(fetchBytes(`${server.baseUrl}/reset`, { timeoutMs: 1_000 })).rejects.toThrow(new RegExp(`^Request to ${host}/reset failed: `));
    server.handler = () => ({ fault: "truncated", body: "x".repeat(1_000) });
    await expect(fetchBytes(`${server.baseUrl}/cut`, { timeoutMs: 1_000 })).rejects.toThrow(new RegExp(`^Reading the answer of ${host}/cut failed: `));
  });

  it("wraps whatever the fetch throws", async () => {
    const fetchImpl: typeof fetch = async () => {
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("getaddrinfo ENOTFOUND www.cbr.ru"), { code: "ENOTFOUND" }) });
    };
    await expect(fetchBytes("https://www.cbr.ru/scripts/XML_daily.asp", { timeoutMs: 1_000, fetchImpl })).rejects.toThrow(
      new QuotesProviderError("Request to www.cbr.ru/scripts/XML_daily.asp failed: ENOTFOUND (getaddrinfo ENOTFOUND www.cbr.ru)"),
    );
  });

  it("describes URLs as host and path", () => {
    expect(describeUrl("https://iss.moex.com/iss/engines/x.json?iss.meta=off")).toBe("iss.moex.com/iss/engines/x.json");
    expect(describeUrl("not a url")).toBe("not a url");
  });
});
