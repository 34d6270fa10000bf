import { z } from "zod";
import type { Database } from "../db/client.server.ts";
import { consumeRateLimit, type RateLimit, type RateLimitResult } from "../rate-limit/rate-limit.server.ts";
import { clientIp } from "../request/client-ip.server.ts";
import { apiError, apiJson, domainErrorResponse } from "../shared/api.ts";
import { parseApiBody } from "../shared/api-body.ts";
import { DomainError } from "../shared/failure.ts";
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

async function checkRate(allow: RateGuard): Promise<void> {
  const verdict = await allow();
  if (verdict.allowed) return;
  const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
  throw new DomainError("too_many_requests", `Слишком много запросов. Попробуйте через ${minutes} мин.`, 429, verdict.retryAfterSeconds);
}

const passCity = (field: string) => `Передайте ${field}: код города`;
const notCityCode = (field: string) => `${field} должен быть кодом города — строкой из цифр, например "0000073738"`;
const passDeliveryId = "Передайте deliveryId: способ доставки";
const noPoints = "Пункты выдачи есть только у способов доставки 79, 80, 76 и 77";
const absent = (value: unknown) => value === undefined || value === null || value === "";

/** A location code: up to 10 digits, as a string (leading zeros matter: "0000073738"). */
const cityCodeField = (field: string) =>
  z
    .string({ error: (issue) => (absent(issue.input) ? passCity(field) : notCityCode(field)) })
    .refine((code) => code !== "", { message: passCity(field), abort: true })
    .trim()
    .regex(/^\d{1,10}$/, notCityCode(field));

/** A delivery id that has points or lockers: a whole number or a string of digits. */
const pointDeliveryIdField = z.preprocess(
  (value) => (typeof value === "string" && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: (issue) => (absent(issue.input) ? passDeliveryId : noPoints) })
    .refine((id) => Number.isInteger(id) && pointKindOf(id) !== undefined, noPoints),
);

const deliveriesBody = z.object({ code: cityCodeField("code") });
const pickupPointsBody = z.object({ city: cityCodeField("city"), deliveryId: pointDeliveryIdField });

/** POST /api/checkout/deliveries' body, { code }. */
export function readDeliveriesBody(body: unknown) {
  return parseApiBody(deliveriesBody, body, { code: "bad_city" });
}

/** POST /api/locations/get-pvz's body, { city, deliveryId } (bad_city, bad_delivery_id). */
export function readPickupPointsBody(body: unknown) {
  return parseApiBody(pickupPointsBody, body);
}

/**
 * POST /api/checkout/deliveries { code } → { data: [{ name, type, items: [{ id, pvz }] }] }.
 * `code`: the body's, read by readDeliveriesBody.
 */
export async function deliveriesResponse(provider: DeliveryProvider, code: string, allow: RateGuard): Promise<Response> {
  try {
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
export async function pickupPointsResponse(
  provider: DeliveryProvider,
  { city, deliveryId }: { city: string; deliveryId: number },
  allow: RateGuard,
): Promise<Response> {
  try {
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

/** Too many calls as 429, a provider fault as 503; anything else is a real fault and is rethrown. */
export function deliveryErrorResponse(error: unknown): Response {
  if (error instanceof DomainError) return domainErrorResponse(error);
  if (error instanceof DeliveryProviderError) {
    log.warn("Delivery provider failed", { error: error.message });
    return apiError(503, DELIVERY_UNAVAILABLE.code, DELIVERY_UNAVAILABLE.message);
  }
  throw error;
}
