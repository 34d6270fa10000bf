import type { ApiHandle } from "#app/modules/request/api-call.ts";
import { apiGuardMiddleware } from "#app/modules/request/guards.server.ts";
import { builtRouteFacts } from "#app/modules/request/route-manifest.server.ts";
import type { Route } from "./+types/layout";

/**
 * Every /api call: the method, same-origin and body guards, checked once here against what
 * the matched route declares in its `handle` (docs/decisions/027-guards-as-middleware.md).
 */
export const middleware: Route.MiddlewareFunction[] = [
  apiGuardMiddleware((pattern) => (builtRouteFacts().byPattern(pattern)?.handle as ApiHandle | undefined)?.api),
];
