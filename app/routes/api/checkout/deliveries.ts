import { deliveriesResponse } from "#app/modules/delivery/api.server.ts";
import { getDeliveryProvider } from "#app/modules/delivery/delivery.server.ts";
import { methodNotAllowed } from "#app/modules/lists/api.server.ts";
import type { Route } from "./+types/deliveries";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/checkout/deliveries { code }: the city's delivery groups (spec section 7). */
export function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return deliveriesResponse(getDeliveryProvider(), request);
}
