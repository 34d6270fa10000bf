/**
 * The client's address, set by server.ts on every request (from the socket, or from
 * X-Forwarded-For when TRUST_PROXY is on). A value sent by the client is replaced.
 */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
