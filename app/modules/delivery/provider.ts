import { DELIVERY_IDS, type DeliveryGroup, FREE_DELIVERY_GROUP_NAME, PARCEL_LOCKER_IDS, PICKUP_POINT_IDS } from "./rules.ts";

export type Coords = { latitude: number; longitude: number };

/** A checkout city (spec section 3): 10-digit location code, country in lastName. */
export type City = { code: string; name: string; lastName: string; fullName: string; coords: Coords };

/** The word that marks a parcel locker in point lists (spec section 3). */
export const PARCEL_LOCKER_WORD = "постамат";

/** A pickup point (type "") or parcel locker (type "постамат"), tagged with the delivery id it serves. */
export type PickupPoint = {
  code: string;
  name: string;
  address: string;
  workTime: string;
  coords: Coords;
  dlvId: number;
  type: "" | typeof PARCEL_LOCKER_WORD;
};

export type DeliveryProviderId = "embedded" | "cdek";

/** What a delivery costs the buyer and how long it takes (working days after dispatch). */
export type DeliveryQuote = {
  /** Whole roubles. */
  price: number;
  minDays: number;
  maxDays: number;
};

/**
 * What is sent: the goods' weight without packaging, and their total in roubles. The total
 * is kept for a provider whose price depends on the declared value; neither current one
 * uses it (CDEK's tarifflist takes no declared value).
 */
export type Parcel = { weightGrams: number; goodsTotal: number };

/**
 * A source of cities, delivery options and pickup points. Unknown cities give
 * undefined or empty lists; faults (network, HTTP errors, unexpected bodies) are
 * DeliveryProviderError.
 */
export interface DeliveryProvider {
  id: DeliveryProviderId;
  searchCities(query: string, limit?: number): Promise<City[]>;
  city(code: string): Promise<City | undefined>;
  deliveryGroups(cityCode: string): Promise<DeliveryGroup[]>;
  pickupPoints(cityCode: string, deliveryId: number): Promise<PickupPoint[]>;
  /** The price and days of one delivery id in a city; undefined when the city is not offered that id. */
  quote(cityCode: string, deliveryId: number, parcel: Parcel): Promise<DeliveryQuote | undefined>;
}

export class DeliveryProviderError extends Error {
  override name = "DeliveryProviderError";
  /** The HTTP status when the fault was an answer outside 2xx. */
  readonly status: number | undefined;
  constructor(message: string, options?: { status?: number; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.status = options?.status;
  }
}

export const MOSCOW_CODE = "0000073738";
export const SAINT_PETERSBURG_CODE = "0000103664";
export const DEFAULT_CITY_CODE = MOSCOW_CODE;

/** Default number of cities a search returns. */
export const DEFAULT_CITY_LIMIT = 10;

/** "Москва, Россия"; region named only when it differs from the city. */
export function fullCityName(name: string, region: string | undefined, country: string): string {
  return [name, region && region !== name ? region : undefined, country].filter(Boolean).join(", ");
}

/** Whether a delivery id is served at a pickup point, a parcel locker, or neither. */
export function pointKindOf(deliveryId: number): "point" | "locker" | undefined {
  if (PICKUP_POINT_IDS.has(deliveryId)) return "point";
  if (PARCEL_LOCKER_IDS.has(deliveryId)) return "locker";
  return undefined;
}

export type CityOffer = {
  cityCode: string;
  hasPoints: boolean;
  hasLockers: boolean;
};

export const GROUP_NAMES = {
  free: FREE_DELIVERY_GROUP_NAME,
  sdek: "СДЭК",
  office: "Самовывоз из офиса",
  special: "Специальная доставка",
} as const;

/**
 * The delivery groups a city gets (both providers). Decisions:
 * - Free delivery to a pickup point (76) or locker (77) for site orders (docs/architecture.md §5)
 *   comes first, so free delivery is on wherever the city has points or lockers.
 *   The free courier (75) is not offered: free delivery is to points and lockers only.
 * - The paid СДЭК group: point 79, locker 80 where they exist, courier 45 everywhere.
 * - Office pickup (35) only in Moscow, where the office is.
 * - Special contact (43, courier, payment on receipt) only in Moscow and Saint
 *   Petersburg, where the shop's own staff can hand the parcel over; it comes last so
 *   it is never switched on by default.
 */
export function deliveryGroupsFor(offer: CityOffer): DeliveryGroup[] {
  const groups: DeliveryGroup[] = [];
  const free = [
    ...(offer.hasPoints ? [{ id: DELIVERY_IDS.freePickupPoint, pvz: true }] : []),
    ...(offer.hasLockers ? [{ id: DELIVERY_IDS.freeParcelLocker, pvz: true }] : []),
  ];
  if (free.length > 0) groups.push({ name: GROUP_NAMES.free, type: "sdek", items: free });
  groups.push({
    name: GROUP_NAMES.sdek,
    type: "sdek",
    items: [
      ...(offer.hasPoints ? [{ id: DELIVERY_IDS.pickupPoint, pvz: true }] : []),
      ...(offer.hasLockers ? [{ id: DELIVERY_IDS.parcelLocker, pvz: true }] : []),
      { id: DELIVERY_IDS.courier, pvz: false },
    ],
  });
  if (offer.cityCode === MOSCOW_CODE) {
    groups.push({ name: GROUP_NAMES.office, type: "pickup", items: [{ id: DELIVERY_IDS.officePickup, pvz: true }] });
  }
  if (offer.cityCode === MOSCOW_CODE || offer.cityCode === SAINT_PETERSBURG_CODE) {
    groups.push({ name: GROUP_NAMES.special, type: "specialcontact", items: [{ id: DELIVERY_IDS.specialContact, pvz: false }] });
  }
  return groups;
}
