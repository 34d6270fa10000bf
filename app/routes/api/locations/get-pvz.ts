import { deliveryRateGuard, pickupPointsResponse } from "#app/modules/delivery/api.server.ts";
import { getDeliveryProvider } from "#app/modules/delivery/delivery.server.ts";
import { methodNotAllowed } from "#app/modules/lists/api.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import type { Route } from "./+types/get-pvz";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/locations/get-pvz { city, deliveryId }: the city's points or lockers (spec section 7). */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { db } = context.get(databaseContext);
  return pickupPointsResponse(getDeliveryProvider(), request, deliveryRateGuard(db, request));
}
