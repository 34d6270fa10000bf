import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiError } from "#app/modules/shared/api.ts";
import { apiJsonWithEtag } from "#app/modules/shared/etag.server.ts";
import type { Route } from "./+types/courses";

export const handle = apiHandle({ methods: { GET: "read" } });

/**
 * GET /api/courses (spec section 7): `{ time, courses }`, served from memory between
 * refreshes. Shared caches may keep it (app/modules/request/cache-policy.ts); the quotes
 * bar's polls between refreshes are answered 304.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const snapshot = (await getQuotesService()).current();
  if (!snapshot) return apiError(503, "quotes_unavailable", "Котировки временно недоступны, попробуйте позже");
  return apiJsonWithEtag(request, { time: snapshot.time.toISOString(), courses: snapshot.courses });
}
