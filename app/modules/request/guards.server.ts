import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getConfig } from "../config/config.server.ts";
import { apiError } from "../shared/api.ts";
import { BodyError, bodyErrorResponse, readJsonBody, readJsonObject } from "../shared/json-body.server.ts";
import { log } from "../shared/log.server.ts";
import type { ApiCall, ApiMethod } from "./api-call.ts";
import { isSameOrigin } from "./same-origin.server.ts";

/**
 * The guards of the /api layout (docs/decisions/027-guards-as-middleware.md): each /api route
 * says in its `handle` which methods it answers and what each does; the layout's middleware
 * refuses the rest before any loader or action runs.
 */

/** The refusal of a state-changing call that does not come from the shop's own pages. */
export const crossSiteMessage = "Запрос отклонён: он пришёл не со страницы магазина";

export function refuseCrossSite(request: Request, publicUrl: string): Response | null {
  return isSameOrigin(request, publicUrl) ? null : apiError(403, "cross_site", crossSiteMessage);
}

export function methodNotAllowed(allowed: string[]): Response {
  return apiError(405, "method_not_allowed", `Метод не поддерживается; допустимо: ${allowed.join(", ")}`, { Allow: allowed.join(", ") });
}

/** The method and same-origin guards for one request: the refusal, or null to go on. */
export function guardApiCall(call: ApiCall, request: Request, publicUrl: string): Response | null {
  const allowed = Object.keys(call.methods) as ApiMethod[];
  const method = request.method as ApiMethod | "HEAD";
  // HEAD reads what GET reads; a GET that changes state has no harmless HEAD.
  const kind = method === "HEAD" ? (call.methods.GET === "read" ? "read" : undefined) : call.methods[method];
  if (!kind) return methodNotAllowed(allowed);
  if (kind === "change") return refuseCrossSite(request, publicUrl);
  return null;
}

/** Reads the request's JSON body as its route declared it (ApiCall.body); set by the layout. */
const apiBodyContext = createContext<() => Promise<unknown>>(() => Promise.resolve(undefined));

/**
 * The request's JSON body as the route's `handle` declared it ("object": a JSON object). Read
 * when the action first asks, so its own earlier checks (a bad id, no session) answer first;
 * a body that is not that JSON, or too large, ends the call with the contract's 400 or 413.
 */
export function apiBody(context: Readonly<RouterContextProvider>): Promise<unknown> {
  return context.get(apiBodyContext)();
}

function bodyReader(call: ApiCall, request: Request): () => Promise<unknown> {
  let read: Promise<unknown> | undefined;
  return () => {
    read ??= (async () => {
      if (!call.body || request.method === "GET" || request.method === "HEAD") return undefined;
      try {
        return await (call.body === "object" ? readJsonObject(request) : readJsonBody(request));
      } catch (error) {
        // A thrown Response is what the resource route answers (React Router passes it on).
        if (error instanceof BodyError) throw bodyErrorResponse(error);
        throw error;
      }
    })();
    return read;
  };
}

/**
 * The /api layout's middleware: finds the matched route's declaration by the route pattern
 * (`callOf`, from the route manifest), refuses a method it does not answer (405 with Allow)
 * and a state change from another site (403 cross_site), and hands the action the body
 * reader of its declaration (apiBody: 400 bad_body, 413 too_large). A route without a
 * declaration is refused: a new /api route is closed until it says what it answers.
 */
export function apiGuardMiddleware(callOf: (pattern: string) => ApiCall | "any" | undefined): MiddlewareFunction<Response> {
  return async ({ request, pattern, context }, next) => {
    const call = callOf(pattern);
    if (call === "any") return next();
    if (!call) {
      log.error("an /api route declares no methods in its handle", { pattern });
      return apiError(500, "undeclared", "Метод API не описан");
    }
    const refused = guardApiCall(call, request, getConfig().publicUrl);
    if (refused) return refused;
    context.set(apiBodyContext, bodyReader(call, request));
    return next();
  };
}
