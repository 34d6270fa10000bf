import type { Database } from "../db/client.server.ts";
import { consumeRateLimit, type RateLimit, type RateLimitResult } from "../rate-limit/rate-limit.server.ts";
import { clientIp } from "../request/client-ip.server.ts";
import { apiError, apiJson } from "../shared/api.ts";
import { log } from "../shared/log.server.ts";
import { type DeliveryProvider, DeliveryProviderError, pointKindOf } from "./provider.ts";

/**
 * The two delivery calls of spec section 7. A city the provider does not know is not an
 * error: it simply has no delivery groups or points (200 with an empty `data`), which the
 * checkout shows as "no delivery to this city"; only a malformed code is a 400.
 */

export const DELIVERY_UNAVAILABLE = {
  code: "delivery_unavailable",
  message: "Служба доставки временно недоступна. Попробуйте ещё раз.",
} as const;

/**
 * Both calls together, per client address. A buyer choosing a city and a point makes a
 * dozen; with CDEK each uncached one is a request on the shop's account, which CDEK
 * throttles. One a second over ten minutes leaves room for many buyers behind one
 * mobile operator's address while stopping a script walking every city code.
 */
export const deliveryApiLimit = { bucket: "delivery-api-ip", limit: 600, windowMs: 600_000 } satisfies RateLimit;

/** Counts the call against the limit; asked only once the body is valid, so a refused body counts nothing. */
export type RateGuard = () => Promise<RateLimitResult>;

/** The guard both delivery routes pass: deliveryApiLimit, counted per client address. */
export function deliveryRateGuard(db: Database, request: Request): RateGuard {
  return () => consumeRateLimit(db, deliveryApiLimit, clientIp(request));
}

class DeliveryRateLimited extends Error {
  override name = "DeliveryRateLimited";
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super("delivery api rate limit");
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

async function checkRate(allow: RateGuard): Promise<void> {
  const verdict = await allow();
  if (!verdict.allowed) throw new DeliveryRateLimited(verdict.retryAfterSeconds);
}

class DeliveryRequestError extends Error {
  override name = "DeliveryRequestError";
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** A location code: up to 10 digits, as a string (leading zeros matter: "0000073738"). */
function cityCodeOf(value: unknown, field: string): string {
  const code = typeof value === "string" ? value.trim() : undefined;
  if (value === undefined || value === null || value === "") throw new DeliveryRequestError("bad_city", `Передайте ${field}: код города`);
  if (!code || !/^\d{1,10}$/.test(code)) {
    throw new DeliveryRequestError("bad_city", `${field} должен быть кодом города — строкой из цифр, например "0000073738"`);
  }
  return code;
}

/** A delivery id that has points or lockers: a whole number or a string of digits. */
function pointDeliveryIdOf(value: unknown): number {
  if (value === undefined || value === null || value === "") throw new DeliveryRequestError("bad_delivery_id", "Передайте deliveryId: способ доставки");
  const id = typeof value === "number" ? value : typeof value === "string" && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(id) || !pointKindOf(id)) {
    throw new DeliveryRequestError("bad_delivery_id", "Пункты выдачи есть только у способов доставки 79, 80, 76 и 77");
  }
  return id;
}

/**
 * POST /api/checkout/deliveries { code } → { data: [{ name, type, items: [{ id, pvz }] }] }.
 * `body`: the JSON object the /api layout read (app/modules/request/guards.server.ts).
 */
export async function deliveriesResponse(provider: DeliveryProvider, body: Record<string, unknown>, allow: RateGuard): Promise<Response> {
  try {
    const code = cityCodeOf(body.code, "code");
    await checkRate(allow);
    const groups = await provider.deliveryGroups(code);
    return apiJson({
      data: groups.map((group) => ({ name: group.name, type: group.type, items: group.items.map((item) => ({ id: item.id, pvz: item.pvz })) })),
    });
  } catch (error) {
    return deliveryErrorResponse(error);
  }
}

/** POST /api/locations/get-pvz { city, deliveryId } → { data: [point…] }, each tagged dlvId and type. */
export async function pickupPointsResponse(provider: DeliveryProvider, body: Record<string, unknown>, allow: RateGuard): Promise<Response> {
  try {
    const city = cityCodeOf(body.city, "city");
    const deliveryId = pointDeliveryIdOf(body.deliveryId);
    await checkRate(allow);
    const points = await provider.pickupPoints(city, deliveryId);
    return apiJson({
      data: points.map((point) => ({
        code: point.code,
        name: point.name,
        address: point.address,
        workTime: point.workTime,
        coords: { latitude: point.coords.latitude, longitude: point.coords.longitude },
        dlvId: point.dlvId,
        type: point.type,
      })),
    });
  } catch (error) {
    return deliveryErrorResponse(error);
  }
}

/** The buyer's mistakes as 4xx, a provider fault as 503; anything else is a real fault and is rethrown. */
export function deliveryErrorResponse(error: unknown): Response {
  if (error instanceof DeliveryRequestError) return apiError(400, error.code, error.message);
  if (error instanceof DeliveryRateLimited) {
    const minutes = Math.ceil(error.retryAfterSeconds / 60);
    return apiError(429, "too_many_requests", `Слишком много запросов. Попробуйте через ${minutes} мин.`, { "Retry-After": String(error.retryAfterSeconds) });
  }
  if (error instanceof DeliveryProviderError) {
    log.warn("Delivery provider failed", { error: error.message });
    return apiError(503, DELIVERY_UNAVAILABLE.code, DELIVERY_UNAVAILABLE.message);
  }
  throw error;
}
