import { deliveryRateGuard, readPickupPointsBody, pickupPointsResponse } from "#app/modules/delivery/api.server.ts";
import { getDeliveryProvider } from "#app/modules/delivery/delivery.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiBody } from "#app/modules/request/guards.server.ts";
import type { Route } from "./+types/get-pvz";

/** A lookup sent as a POST: anyone may ask. */
export const handle = apiHandle({ methods: { POST: "read" }, body: "object" });

/** POST /api/locations/get-pvz { city, deliveryId }: the city's points or lockers (spec section 7). */
export async function action({ request, context }: Route.ActionArgs) {
  const body = readPickupPointsBody(await apiBody(context));
  if (!body.ok) return body.response;
  const { db } = context.get(databaseContext);
  return pickupPointsResponse(getDeliveryProvider(), body.data, deliveryRateGuard(db, request));
}
