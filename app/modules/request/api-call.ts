/**
 * What an /api route declares in its `handle` for the /api layout's guards
 * (app/modules/request/guards.server.ts, docs/decisions/027-guards-as-middleware.md).
 * Not server-only: `handle` is a route export the client bundle keeps.
 */

/**
 * What a method of an /api call does:
 * - "read": anyone may call it (a lookup, even when sent as a POST);
 * - "change": it changes the visitor's state, so only the shop's own pages may call it; a GET
 *   that changes state (the spec's /api/cart/clear, /api/auth/logout) also refuses HEAD,
 *   which React Router would run through the same loader;
 * - "notification": server to server (a payment provider); no same-origin check, the route
 *   checks the source address itself.
 */
export type ApiMethodKind = "read" | "change" | "notification";
export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiCall = {
  /** The methods in the order the Allow header names them. */
  methods: Partial<Record<ApiMethod, ApiMethodKind>>;
  /**
   * The JSON body the methods other than GET carry, read and checked by the layout before the
   * action runs (apiBody): "object" a JSON object of at most 4 KB, "json" any JSON of at most 16 KB.
   */
  body?: "object" | "json";
};

/** An /api route's `handle`: `export const handle = apiHandle({ methods: { GET: "read" } })`. */
export type ApiHandle = { api: ApiCall | "any" };

export function apiHandle(call: ApiCall | "any"): ApiHandle {
  return { api: call };
}
