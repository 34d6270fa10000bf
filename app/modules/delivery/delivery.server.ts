import { type AppConfig, getConfig } from "../config/config.server.ts";
import { createMemo } from "../shared/memory-cache.ts";
import { createCdekDeliveryProvider } from "./cdek.server.ts";
import { createEmbeddedDeliveryProvider } from "./embedded.ts";
import type { DeliveryProvider } from "./provider.ts";

/** How long CDEK's cities, points and tariffs are reused: they change a few times a day at most. */
export const DELIVERY_CACHE_TTL_MS = 10 * 60_000;
/** Keys come from buyers (city searches, parcel weights): the cache stays bounded. */
const DELIVERY_CACHE_MAX_ENTRIES = 2000;

/** The provider DELIVERY_PROVIDER names; CDEK's reads are cached in this process (failures are not). */
export function createDeliveryProvider(config: AppConfig["delivery"]): DeliveryProvider {
  switch (config.provider) {
    case "embedded":
      return createEmbeddedDeliveryProvider();
    case "cdek":
      return createCdekDeliveryProvider({
        baseUrl: config.cdek.baseUrl,
        clientId: config.cdek.clientId ?? "",
        clientSecret: config.cdek.clientSecret ?? "",
        senderCityCode: config.cdek.senderCityCode,
        timeoutMs: config.timeoutMs,
        memo: createMemo({ ttlMs: DELIVERY_CACHE_TTL_MS, maxEntries: DELIVERY_CACHE_MAX_ENTRIES }),
      });
  }
}

let current: DeliveryProvider | undefined;

/** The process's delivery provider, built once from the configuration. */
export function getDeliveryProvider(): DeliveryProvider {
  current ??= createDeliveryProvider(getConfig().delivery);
  return current;
}
