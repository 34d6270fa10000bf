import type { IncomingMessage } from "node:http";
import net from "node:net";
import proxyaddr from "proxy-addr";

/**
 * Which hops in front of the shop are its own reverse proxies (TRUST_PROXY): none (false);
 * the nearest `hops` addresses (a number); or the proxies' addresses and networks
 * ("10.0.0.0/8,127.0.0.1"). `true` trusts the private networks: loopback, link-local and
 * unique-local/private addresses (127.0.0.0/8, 10/8, 172.16/12, 192.168/16, fc00::/7…),
 * where a reverse proxy of the shop normally stands; a client on the internet cannot pass
 * for another public address through them.
 */
export type ProxyTrust = false | { hops: number } | { addresses: string[] };

/** Reads TRUST_PROXY; an error message (Russian, for the settings check) when it is none of the forms. */
export function parseProxyTrust(value: string): ProxyTrust | { error: string } {
  const text = value.trim().toLowerCase();
  if (text === "" || text === "false" || text === "0") return false;
  if (text === "true") return { addresses: ["loopback", "linklocal", "uniquelocal"] };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { hops } : { error: "число прокси — от 0 до 10" };
  }
  const addresses = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  try {
    if (addresses.length === 0) throw new Error("empty");
    proxyaddr.compile(addresses);
  } catch {
    return { error: "true, false, число прокси или адреса и сети прокси через запятую (10.0.0.0/8,127.0.0.1)" };
  }
  return { addresses };
}

/**
 * The client's address: the socket's, or behind trusted proxies the right-most
 * X-Forwarded-For entry that is not one of them. Entries left of that are the client's
 * own words and never taken; a right-most entry that is no address (a proxy that does
 * not append) gives the nearest proxy's address instead.
 */
export function createClientAddress(trust: ProxyTrust): (req: IncomingMessage) => string {
  if (trust === false) return (req) => req.socket.remoteAddress ?? "unknown";
  const trusted = "hops" in trust ? (_address: string, index: number) => index < trust.hops : proxyaddr.compile(trust.addresses);
  return (req) => {
    const socketAddress = req.socket.remoteAddress ?? "unknown";
    let address: string;
    try {
      address = proxyaddr(req, trusted);
    } catch {
      return socketAddress;
    }
    return net.isIP(address) ? address : socketAddress;
  };
}
