import { deliveryRateGuard, readDeliveriesBody, deliveriesResponse } from "#app/modules/delivery/api.server.ts";
import { getDeliveryProvider } from "#app/modules/delivery/delivery.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiBody } from "#app/modules/request/guards.server.ts";
import type { Route } from "./+types/deliveries";

/** A lookup sent as a POST: anyone may ask. */
export const handle = apiHandle({ methods: { POST: "read" }, body: "object" });

/** POST /api/checkout/deliveries { code }: the city's delivery groups (spec section 7). */
export async function action({ request, context }: Route.ActionArgs) {
  const body = readDeliveriesBody(await apiBody(context));
  if (!body.ok) return body.response;
  const { db } = context.get(databaseContext);
  return deliveriesResponse(getDeliveryProvider(), body.data.code, deliveryRateGuard(db, request));
}
