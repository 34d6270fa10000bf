import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { methodNotAllowed } from "#app/modules/lists/api.server.ts";
import { apiError, apiJson } from "#app/modules/shared/api.ts";

/** GET /api/courses (spec section 7): `{ time, courses }`, served from memory between refreshes. */
export async function loader() {
  const snapshot = (await getQuotesService()).current();
  if (!snapshot) return apiError(503, "quotes_unavailable", "Котировки временно недоступны, попробуйте позже");
  return apiJson(
    { time: snapshot.time.toISOString(), courses: snapshot.courses },
    // Short shared caching: the figures change at most once per refresh interval.
    { headers: { "Cache-Control": "public, max-age=30" } },
  );
}

/** Any other method: the contract's JSON 405, not React Router's own answer. */
export function action() {
  return methodNotAllowed(["GET"]);
}
