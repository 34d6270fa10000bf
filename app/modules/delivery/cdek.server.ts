import data from "./demo/embedded-delivery.json" with { type: "json" };
import type { EmbeddedDeliveryData } from "./demo/generate.ts";
import { z } from "zod";
import { fetchOutbound, OutboundHttpError } from "../shared/outbound-http.server.ts";
import { firstIssue } from "../shared/zod-issue.ts";
import type { Memo } from "../shared/memory-cache.ts";
import { type CarrierDeliveryId, quoteDelivery, shippingWeightGrams } from "./pricing.ts";
import {
  type City,
  DEFAULT_CITY_LIMIT,
  type DeliveryProvider,
  DeliveryProviderError,
  type DeliveryQuote,
  PARCEL_LOCKER_WORD,
  type PickupPoint,
  deliveryGroupsFor,
  fullCityName,
  pointKindOf,
} from "./provider.ts";

/**
 * CDEK API v2 (research/integrations.md section 3).
 *
 * - OAuth client credentials: POST /v2/oauth/token with a form body; the token is kept
 *   until 30 s before expires_in runs out, and fetched again once when a call answers 401
 *   (a second 401 is an error). Concurrent calls share one token request.
 * - Cities: GET /v2/location/cities (city=<query> for search, code=<n> for one city).
 * - Points: GET /v2/deliverypoints?city_code=<n>&type=ALL (a bare array), one read per city
 *   for its groups and both of its lists (PVZ are points, POSTAMAT lockers).
 * - Prices: POST /v2/calculator/tarifflist from the shop's sender city to the buyer's city,
 *   one package of the parcel's weight plus packaging in a 15×10×5 cm box; tariff 136
 *   (склад-склад) prices 79, 368 (склад-постамат) 80, 137 (склад-дверь) 45; delivery_sum
 *   rounded up to whole roubles, period_min/period_max as days. A tariff missing from the
 *   answer means that service does not reach the city (no quote). The other ids follow
 *   the shop's rules in pricing.ts.
 * - Reads go through `memo` (delivery.server.ts gives a 10-minute cache), so a checkout
 *   page's groups, lists and quotes cost one points read and one tarifflist per city.
 *
 * City codes: the shop's contract is the 10-digit location code. CDEK has its own integer
 * codes. Cities whose correspondence is known (the embedded data's cdekCode: Moscow 44,
 * Saint Petersburg 137) are answered and accepted under their 10-digit code; any other
 * CDEK city is answered under its CDEK code as a decimal string, which this provider also
 * accepts back. A code it cannot map gives no city, no groups and no points.
 *
 * Delivery groups come from deliveryGroupsFor (provider.ts) with the city's real PVZ and
 * POSTAMAT presence. Every fault is a DeliveryProviderError (status set for HTTP answers).
 */

export type CdekProviderOptions = {
  /** Without /v2; production https://api.cdek.ru, test https://api.edu.cdek.ru. */
  baseUrl?: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  /** Stands in for the global fetch (tests). */
  fetchImpl?: typeof fetch;
  /** Milliseconds since the epoch (tests move it to expire the token). */
  now?: () => number;
  /** 10-digit location code → CDEK city code; from the embedded data by default. */
  cityCodes?: ReadonlyMap<string, number>;
  /** CDEK code of the city parcels leave from; Moscow (44) by default. */
  senderCityCode?: number;
  /** Remembers reads by key (a TTL cache); none by default. */
  memo?: Memo;
};

export const CDEK_PRODUCTION_URL = "https://api.cdek.ru";
export const CDEK_TEST_URL = "https://api.edu.cdek.ru";
export const CDEK_MOSCOW_CITY_CODE = 44;

/** The CDEK tariff that carries each paid delivery id (online-shop parcels). */
export const CDEK_TARIFFS: ReadonlyMap<CarrierDeliveryId, number> = new Map<CarrierDeliveryId, number>([
  [79, 136],
  [80, 368],
  [45, 137],
]);

/** The box coins travel in, in cm: small enough that volume never outweighs weight. */
const PACKAGE_SIZE_CM = { length: 15, width: 10, height: 5 };

/** Seconds before the stated expiry at which a token is no longer used. */
const TOKEN_MARGIN_SECONDS = 30;
/** The points of the largest city are a few megabytes; an answer bigger than this is not CDEK's. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

const KNOWN_CITY_CODES: ReadonlyMap<string, number> = new Map(
  (data as EmbeddedDeliveryData).cities.flatMap((city) => (city.cdekCode === null ? [] : [[city.code, city.cdekCode] as const])),
);

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => typeof value === "object" && value !== null && !Array.isArray(value);

function fail(message: string, options?: { status?: number; cause?: unknown }): never {
  throw new DeliveryProviderError(`CDEK: ${message}`, options);
}

/** The codes and messages of a CDEK error body ({"errors":[…]} or {"requests":[{"errors":[…]}]}), "" if none. */
export function describeCdekErrors(body: string): string {
  let parsed: Json;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "";
  }
  return errorsOf(parsed);
}

function errorsOf(parsed: Json): string {
  if (!isObject(parsed)) return "";
  const lists: Json[] = [parsed.errors];
  if (Array.isArray(parsed.requests)) for (const request of parsed.requests) if (isObject(request)) lists.push(request.errors);
  const parts: string[] = [];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const error of list) {
      if (!isObject(error)) continue;
      const code = typeof error.code === "string" ? error.code : "";
      const message = typeof error.message === "string" ? error.message : "";
      parts.push([code, message].filter(Boolean).join(": "));
    }
  }
  return parts.filter(Boolean).join("; ");
}

/** An optional text field: CDEK leaves some out or sends null; anything not a string counts as absent. */
const optionalText = z.string().optional().catch(undefined);

const cityEntry = z.object({
  code: z.number(),
  city: z.string().min(1),
  region: optionalText,
  country: optionalText,
  latitude: z.number(),
  longitude: z.number(),
});
const pointEntry = z.object({
  code: z.string().min(1),
  name: optionalText,
  type: optionalText,
  work_time: optionalText,
  location: z.object({ latitude: z.number(), longitude: z.number(), address: optionalText, address_full: optionalText }),
});
const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number() });
const tariffEntry = z.object({ tariff_code: z.number(), delivery_sum: z.number(), period_min: z.number(), period_max: z.number() });

/** The entries of a JSON array answer, each checked; the first bad one is a fault naming its index and field. */
function parseEntries<T>(body: Json, schema: z.ZodType<T>, what: string): T[] {
  if (!Array.isArray(body)) fail(`${what} did not answer a JSON array`);
  return body.map((entry, index) => {
    const parsed = schema.safeParse(entry);
    if (!parsed.success) fail(`${what} entry ${index}: ${firstIssue(parsed.error, "(entry)")}`);
    return parsed.data;
  });
}

export type CdekCity = { code: number; city: string; region: string | undefined; country: string; latitude: number; longitude: number };

export function parseCdekCities(body: Json): CdekCity[] {
  return parseEntries(body, cityEntry, "location/cities").map((entry) => ({ ...entry, region: entry.region, country: entry.country ?? "Россия" }));
}

export type CdekPoint = { code: string; name: string; type: string; address: string; workTime: string; latitude: number; longitude: number };

export function parseCdekDeliveryPoints(body: Json): CdekPoint[] {
  return parseEntries(body, pointEntry, "deliverypoints").map((entry) => ({
    code: entry.code,
    name: entry.name ?? entry.code,
    type: entry.type ?? "",
    address: entry.location.address ?? entry.location.address_full ?? "",
    workTime: entry.work_time ?? "",
    latitude: entry.location.latitude,
    longitude: entry.location.longitude,
  }));
}

export type CdekTariff = { code: number; deliverySum: number; periodMin: number; periodMax: number };

/** The tariffs of a tarifflist answer; an empty list with errors is a fault, not "no tariffs". */
export function parseCdekTariffs(body: Json): CdekTariff[] {
  if (!isObject(body)) fail("calculator/tarifflist did not answer a JSON object");
  const list = body.tariff_codes;
  if (list === undefined || (Array.isArray(list) && list.length === 0)) {
    const detail = errorsOf(body);
    if (detail) fail(`calculator/tarifflist answered errors (${detail})`);
  }
  if (!Array.isArray(list)) fail("calculator/tarifflist answered without a tariff_codes list");
  return parseEntries(list, tariffEntry, "calculator/tarifflist").map((entry) => ({
    code: entry.tariff_code,
    deliverySum: entry.delivery_sum,
    periodMin: entry.period_min,
    periodMax: entry.period_max,
  }));
}

type OutboundCall = { method: "GET" | "POST"; headers: Record<string, string>; body?: string };

export function createCdekDeliveryProvider(options: CdekProviderOptions): DeliveryProvider {
  const baseUrl = (options.baseUrl ?? CDEK_PRODUCTION_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fetchImpl = options.fetchImpl ? { fetchImpl: options.fetchImpl } : {};
  const now = options.now ?? Date.now;
  const toCdek = options.cityCodes ?? KNOWN_CITY_CODES;
  const fromCdek = new Map([...toCdek].map(([code, cdek]) => [cdek, code]));
  const senderCityCode = options.senderCityCode ?? CDEK_MOSCOW_CITY_CODE;
  const memo: Memo = options.memo ?? ((_key, load) => load());

  let token: { value: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function send(path: string, init: OutboundCall): Promise<{ status: number; body: string }> {
    try {
      const answer = await fetchOutbound(`${baseUrl}${path}`, { ...init, timeoutMs, maxBytes: MAX_ANSWER_BYTES, ...fetchImpl });
      return { status: answer.status, body: answer.text() };
    } catch (error) {
      if (error instanceof OutboundHttpError) fail(error.message, { cause: error });
      throw error;
    }
  }

  function statusError(path: string, status: number, body: string): never {
    const detail = describeCdekErrors(body);
    fail(`${path.split("?")[0]} answered HTTP ${status}${detail ? ` (${detail})` : ""}`, { status });
  }

  function parseJson(path: string, body: string): Json {
    try {
      return JSON.parse(body);
    } catch (error) {
      fail(`${path.split("?")[0]} answered something that is not JSON`, { cause: error });
    }
  }

  async function fetchToken(): Promise<string> {
    const path = "/v2/oauth/token";
    const form = new URLSearchParams({ grant_type: "client_credentials", client_id: options.clientId, client_secret: options.clientSecret });
    const answer = await send(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: form.toString(),
    });
    if (answer.status < 200 || answer.status > 299) statusError(path, answer.status, answer.body);
    const parsed = tokenAnswer.safeParse(parseJson(path, answer.body));
    if (!parsed.success) fail("oauth/token answered without access_token or expires_in");
    const { access_token: value, expires_in: expiresIn } = parsed.data;
    token = { value, expiresAt: now() + Math.max(0, expiresIn - TOKEN_MARGIN_SECONDS) * 1000 };
    return value;
  }

  function currentToken(): Promise<string> {
    if (token && now() < token.expiresAt) return Promise.resolve(token.value);
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  /** A call with the bearer token: GET with query parameters, or POST with a JSON body. */
  async function authorized(path: string, request: { query: Record<string, string | number> } | { json: unknown }): Promise<Json> {
    const url = "query" in request ? `${path}?${new URLSearchParams(Object.entries(request.query).map(([key, value]) => [key, String(value)]))}` : path;
    const init = (bearer: string): OutboundCall =>
      "json" in request
        ? {
            method: "POST",
            headers: { Authorization: `Bearer ${bearer}`, Accept: "application/json", "Content-Type": "application/json" },
            body: JSON.stringify(request.json),
          }
        : { method: "GET", headers: { Authorization: `Bearer ${bearer}`, Accept: "application/json" } };
    const call = (bearer: string) => send(url, init(bearer));
    let answer = await call(await currentToken());
    if (answer.status === 401) {
      token = undefined;
      answer = await call(await currentToken());
    }
    if (answer.status < 200 || answer.status > 299) statusError(path, answer.status, answer.body);
    return parseJson(path, answer.body);
  }

  /** 10-digit known code or a CDEK code as decimal → CDEK code. */
  function cdekCodeOf(cityCode: string): number | undefined {
    const known = toCdek.get(cityCode);
    if (known !== undefined) return known;
    return /^[1-9]\d{0,8}$/.test(cityCode) ? Number(cityCode) : undefined;
  }

  function toCity(city: CdekCity): City {
    return {
      code: fromCdek.get(city.code) ?? String(city.code),
      name: city.city,
      lastName: city.country,
      fullName: fullCityName(city.city, city.region, city.country),
      coords: { latitude: city.latitude, longitude: city.longitude },
    };
  }

  const get = (path: string, query: Record<string, string | number>) => authorized(path, { query });

  /** Every point and locker of a city. */
  function points(cdekCode: number): Promise<CdekPoint[]> {
    return memo(`points:${cdekCode}`, async () => parseCdekDeliveryPoints(await get("/v2/deliverypoints", { city_code: cdekCode, type: "ALL", lang: "rus" })));
  }

  function citiesByCode(cdekCode: number): Promise<CdekCity[]> {
    return memo(`city:${cdekCode}`, async () => parseCdekCities(await get("/v2/location/cities", { code: cdekCode, lang: "rus" })));
  }

  function tariffs(cdekCode: number, weightGrams: number): Promise<CdekTariff[]> {
    return memo(`tariffs:${cdekCode}:${weightGrams}`, async () =>
      parseCdekTariffs(
        await authorized("/v2/calculator/tarifflist", {
          json: {
            type: 1,
            currency: 1,
            lang: "rus",
            from_location: { code: senderCityCode },
            to_location: { code: cdekCode },
            packages: [{ weight: weightGrams, ...PACKAGE_SIZE_CM }],
          },
        }),
      ),
    );
  }

  async function groupsOf(cdekCode: number, cityCode: string) {
    const all = await points(cdekCode);
    return deliveryGroupsFor({
      cityCode: fromCdek.get(cdekCode) ?? cityCode,
      hasPoints: all.some((point) => point.type === "PVZ"),
      hasLockers: all.some((point) => point.type === "POSTAMAT"),
    });
  }

  return {
    id: "cdek",
    async searchCities(query, limit = DEFAULT_CITY_LIMIT) {
      const needle = query.trim();
      if (needle === "" || limit <= 0) return [];
      const cities = await memo(`cities:${needle.toLowerCase()}:${limit}`, async () =>
        parseCdekCities(await get("/v2/location/cities", { city: needle, country_codes: "RU", size: limit, page: 0, lang: "rus" })),
      );
      return cities.slice(0, limit).map(toCity);
    },
    async city(code) {
      const cdekCode = cdekCodeOf(code);
      if (cdekCode === undefined) return undefined;
      const found = (await citiesByCode(cdekCode)).find((city) => city.code === cdekCode);
      return found && toCity(found);
    },
    async deliveryGroups(cityCode) {
      const cdekCode = cdekCodeOf(cityCode);
      return cdekCode === undefined ? [] : groupsOf(cdekCode, cityCode);
    },
    async pickupPoints(cityCode, deliveryId) {
      const cdekCode = cdekCodeOf(cityCode);
      const kind = pointKindOf(deliveryId);
      if (cdekCode === undefined || !kind) return [];
      const cdekType = kind === "point" ? "PVZ" : "POSTAMAT";
      return (await points(cdekCode))
        .filter((point) => point.type === cdekType)
        .map((point): PickupPoint => ({
          code: point.code,
          name: point.name,
          address: point.address,
          workTime: point.workTime,
          coords: { latitude: point.latitude, longitude: point.longitude },
          dlvId: deliveryId,
          type: kind === "point" ? "" : PARCEL_LOCKER_WORD,
        }));
    },
    async quote(cityCode, deliveryId, parcel) {
      const cdekCode = cdekCodeOf(cityCode);
      if (cdekCode === undefined) return undefined;
      const weight = shippingWeightGrams(parcel);
      const groups = await groupsOf(cdekCode, cityCode);
      return quoteDelivery(groups, fromCdek.get(cdekCode) ?? cityCode, deliveryId, async (carrierId): Promise<DeliveryQuote | undefined> => {
        const tariff = (await tariffs(cdekCode, weight)).find((entry) => entry.code === CDEK_TARIFFS.get(carrierId));
        return tariff && { price: Math.ceil(tariff.deliverySum), minDays: tariff.periodMin, maxDays: tariff.periodMax };
      });
    },
  };
}
