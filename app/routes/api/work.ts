import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiJson } from "#app/modules/shared/api.ts";
import { isShopOpen, readSalesSetting } from "#app/modules/shop/status.server.ts";
import type { Route } from "./+types/work";

export const handle = apiHandle({ methods: { GET: "read" } });

/** GET /api/work (spec section 7): `{ work }`, true while the shop takes orders. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const [sales, quotes] = await Promise.all([readSalesSetting(db), getQuotesService()]);
  return apiJson({ work: isShopOpen({ paused: sales.paused, quotesFresh: quotes.isFresh() }) });
}
