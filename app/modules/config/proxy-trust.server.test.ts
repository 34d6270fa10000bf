import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { createClientAddress, parseProxyTrust, type ProxyTrust } from "./proxy-trust.server.ts";

const request = (socket: string, forwarded?: string) =>
  ({
    socket: { remoteAddress: socket },
    connection: { remoteAddress: socket },
    headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
  }) as unknown as IncomingMessage;

function clientOf(setting: string, socket: string, forwarded?: string): string {
  const trust = parseProxyTrust(setting);
  if (trust && "error" in trust) throw new Error(trust.error);
  return createClientAddress(trust as ProxyTrust)(request(socket, forwarded));
}

describe("TRUST_PROXY", () => {
  it("reads false, true, a hop count and a list of addresses; refuses anything else", () => {
    expect(parseProxyTrust("false")).toBe(false);
    expect(parseProxyTrust("0")).toBe(false);
    expect(parseProxyTrust("2")).toEqual({ hops: 2 });
    expect(parseProxyTrust("10.0.0.0/8, 127.0.0.1,::1")).toEqual({ addresses: ["10.0.0.0/8", "127.0.0.1", "::1"] });
    for (const bad of ["yes", "10.0.0.0/99", "300.1.1.1", "11", "-1"]) expect(parseProxyTrust(bad), bad).toHaveProperty("error");
  });
});

describe("the client's address", () => {
  it("is the socket's without TRUST_PROXY, whatever X-Forwarded-For says", () => {
    expect(clientOf("false", "203.0.113.9", "185.71.76.1")).toBe("203.0.113.9");
  });

  it("is the right-most hop that is not a trusted proxy: a forged left-most entry is never taken", () => {
    // The proxy (127.0.0.1) appended the real client; the client wrote the first entry itself.
    expect(clientOf("true", "127.0.0.1", "185.71.76.1, 203.0.113.9")).toBe("203.0.113.9");
    expect(clientOf("true", "127.0.0.1", "203.0.113.9, 10.0.0.1")).toBe("203.0.113.9");
    expect(clientOf("1", "127.0.0.1", "185.71.76.1, 203.0.113.9")).toBe("203.0.113.9");
    expect(clientOf("2", "127.0.0.1", "185.71.76.1, 203.0.113.9, 198.51.100.7")).toBe("203.0.113.9");
    expect(clientOf("198.51.100.0/24", "198.51.100.7", "1.1.1.1, 203.0.113.9, 198.51.100.8")).toBe("203.0.113.9");
    expect(clientOf("true", "127.0.0.1", "2001:db8::1, 2001:db8::2")).toBe("2001:db8::2");
  });

  it("is the socket's when the request did not come through a trusted proxy, or the proxy wrote no address", () => {
    expect(clientOf("10.0.0.0/8", "203.0.113.9", "185.71.76.1")).toBe("203.0.113.9");
    expect(clientOf("true", "127.0.0.1", "garbage")).toBe("127.0.0.1");
    expect(clientOf("true", "127.0.0.1")).toBe("127.0.0.1");
  });
});
