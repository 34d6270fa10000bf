import http from "node:http";
import net from "node:net";
import { createRequest } from "@remix-run/node-fetch-server";
import { describe, expect, it } from "vitest";
import { plainRequestOrigin } from "./page-request.ts";

function nodeRequest(url: string, headers: Record<string, string | string[]>): http.IncomingMessage {
  const req = new http.IncomingMessage(new net.Socket());
  req.method = "GET";
  req.url = url;
  req.headers = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])) as http.IncomingHttpHeaders;
  return req;
}

/** The origin of the fetch Request the full path builds, or undefined where it refuses. */
function libraryOrigin(req: http.IncomingMessage, trustProxy: boolean): string | undefined {
  try {
    return new URL(createRequest(req, new http.ServerResponse(req), { trustProxy }).url).origin;
  } catch {
    return undefined;
  }
}

const cases: Array<[string, Record<string, string | string[]>]> = [
  ["/", { host: "shop.example" }],
  ["/catalog?metal=gold", { host: "SHOP.example:80" }],
  ["/catalog", { host: "127.0.0.1:3000" }],
  ["/catalog", { host: "[::1]:3000" }],
  ["/", { host: "shop.example", "x-forwarded-proto": "https" }],
  ["/", { host: "10.0.0.2:3000", "x-forwarded-proto": " HTTPS ", "x-forwarded-host": "xn--e1afmkfd.example" }],
  ["/", { host: "10.0.0.2:3000", "x-forwarded-host": "shop.example:443", "x-forwarded-proto": "https" }],
  ["/", { host: "10.0.0.2", "x-forwarded-proto": "https, http" }],
  ["/", { host: "10.0.0.2", "x-forwarded-proto": "ftp" }],
  ["/", { host: "10.0.0.2", "x-forwarded-host": "a.example, b.example" }],
  ["/", { host: "10.0.0.2", "x-forwarded-host": '"quoted.example"' }],
  ["/", { host: "10.0.0.2", forwarded: "proto=https;host=shop.example" }],
  ["/", { host: "a?x" }],
  ["/", { host: "a b" }],
  ["/", { host: "user@evil.example" }],
  ["//evil.example/x", { host: "shop.example" }],
  ["http://evil.example/x", { host: "shop.example" }],
  ["/", {}],
];

describe("the origin a kept page is looked up by", () => {
  for (const trustProxy of [false, true]) {
    it(`is the fetch Request's own, or left to the full path (trust proxy: ${trustProxy})`, () => {
      let plain = 0;
      for (const [url, headers] of cases) {
        const origin = plainRequestOrigin(nodeRequest(url, headers), trustProxy);
        if (origin === undefined) continue;
        plain += 1;
        expect({ url, headers, origin }).toEqual({ url, headers, origin: libraryOrigin(nodeRequest(url, headers), trustProxy) });
      }
      // The ordinary requests take the plain way: a hit needs no fetch Request.
      expect(plain).toBeGreaterThanOrEqual(trustProxy ? 6 : 7);
    });
  }

  it("leaves what only the full path reads to it", () => {
    expect(plainRequestOrigin(nodeRequest("/", { host: "10.0.0.2", forwarded: "proto=https" }), true)).toBeUndefined();
    expect(plainRequestOrigin(nodeRequest("/", { host: "10.0.0.2", "x-forwarded-proto": "https, http" }), true)).toBeUndefined();
    expect(plainRequestOrigin(nodeRequest("/", { host: "a?x" }), false)).toBeUndefined();
    expect(plainRequestOrigin(nodeRequest("http://evil.example/x", { host: "shop.example" }), false)).toBeUndefined();
    expect(plainRequestOrigin(nodeRequest("/", {}), false)).toBeUndefined();
  });
});
