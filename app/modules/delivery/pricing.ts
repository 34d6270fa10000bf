import { type Coords, type DeliveryQuote, MOSCOW_CODE, type Parcel, SAINT_PETERSBURG_CODE } from "./provider.ts";
import { DELIVERY_IDS, type DeliveryGroup } from "./rules.ts";

/**
 * Delivery prices shared by every provider (pure, no I/O). Decisions:
 * - Paid carrier deliveries (79 point, 80 locker, 45 courier) cost what the provider's
 *   carrier says (the embedded estimate or CDEK's calculator).
 * - Free delivery to a point (76) or locker (77), and the free courier (75), cost 0 for
 *   orders placed on the site (docs/architecture.md §5); their days are those of the carrier's
 *   paid twin (79, 80, 45), and without such a quote the free variant is not offered either.
 * - Office pickup (35, Moscow only) costs 0 and is ready the next working day.
 * - Special contact (43): the shop's own staff hand the parcel over, payment on receipt.
 *   Free in Moscow (1-2 days, where the office is); in Saint Petersburg 1500 ₽ for the
 *   trip (2-3 days). No other city has it (deliveryGroupsFor offers it nowhere else).
 */

/** Box, filler and coin capsules added to the goods' weight. */
export const PACKAGING_GRAMS = 200;

/** The carrier's paid ids, whose price the provider's carrier gives. */
export type CarrierDeliveryId = typeof DELIVERY_IDS.pickupPoint | typeof DELIVERY_IDS.parcelLocker | typeof DELIVERY_IDS.courier;

const CARRIER_IDS: ReadonlySet<number> = new Set<number>([DELIVERY_IDS.pickupPoint, DELIVERY_IDS.parcelLocker, DELIVERY_IDS.courier]);

/** Each free id and the paid carrier service that actually carries it. */
export const FREE_DELIVERY_CARRIER: ReadonlyMap<number, CarrierDeliveryId> = new Map([
  [DELIVERY_IDS.freePickupPoint, DELIVERY_IDS.pickupPoint],
  [DELIVERY_IDS.freeParcelLocker, DELIVERY_IDS.parcelLocker],
  [DELIVERY_IDS.freeCourier, DELIVERY_IDS.courier],
]);

/** The other variant of the same carrier service: 76 ↔ 79, 77 ↔ 80, 75 ↔ 45; undefined for the shop's own services. */
export function deliveryTwin(deliveryId: number): number | undefined {
  const paid = FREE_DELIVERY_CARRIER.get(deliveryId);
  if (paid !== undefined) return paid;
  for (const [free, carrier] of FREE_DELIVERY_CARRIER) if (carrier === deliveryId) return free;
  return undefined;
}

/**
 * One option per carrier service: where the free variant of a service is
 * offered to this cart (priced), its paid twin is not shown beside it — the free one is what
 * the shop charges. The items are any offered, priced ones; groups keep their order.
 */
export function withoutPaidTwins<Item extends { id: number }, Group extends { items: Item[] }>(groups: readonly Group[]): Group[] {
  const offered = new Set(groups.flatMap((group) => group.items.map((item) => item.id)));
  const superseded = new Set([...FREE_DELIVERY_CARRIER].filter(([free]) => offered.has(free)).map(([, paid]) => paid as number));
  return groups.map((group) => ({ ...group, items: group.items.filter((item) => !superseded.has(item.id)) }));
}

export const OFFICE_PICKUP_QUOTE: DeliveryQuote = { price: 0, minDays: 1, maxDays: 1 };

/** Special-contact delivery by city code (see the header). */
export const SPECIAL_CONTACT_QUOTES: ReadonlyMap<string, DeliveryQuote> = new Map([
  [MOSCOW_CODE, { price: 0, minDays: 1, maxDays: 2 }],
  [SAINT_PETERSBURG_CODE, { price: 1500, minDays: 2, maxDays: 3 }],
]);

/** The weight the carrier is told: the goods rounded up to whole grams, plus packaging. */
export function shippingWeightGrams(parcel: Parcel): number {
  if (!Number.isFinite(parcel.weightGrams) || parcel.weightGrams < 0) throw new RangeError(`Bad parcel weight: ${parcel.weightGrams}`);
  return Math.ceil(parcel.weightGrams) + PACKAGING_GRAMS;
}

export function offersDelivery(groups: readonly DeliveryGroup[], deliveryId: number): boolean {
  return groups.some((group) => group.items.some((item) => item.id === deliveryId));
}

/**
 * The quote of a delivery id among the groups a city is offered. `carrier` prices the
 * paid carrier ids for this city and parcel (undefined when the carrier does not serve it).
 */
export async function quoteDelivery(
  groups: readonly DeliveryGroup[],
  cityCode: string,
  deliveryId: number,
  carrier: (deliveryId: CarrierDeliveryId) => Promise<DeliveryQuote | undefined>,
): Promise<DeliveryQuote | undefined> {
  if (!offersDelivery(groups, deliveryId)) return undefined;
  if (CARRIER_IDS.has(deliveryId)) return carrier(deliveryId as CarrierDeliveryId);
  const paidTwin = FREE_DELIVERY_CARRIER.get(deliveryId);
  if (paidTwin !== undefined) {
    const paid = await carrier(paidTwin);
    return paid && { ...paid, price: 0 };
  }
  if (deliveryId === DELIVERY_IDS.officePickup) return cityCode === MOSCOW_CODE ? OFFICE_PICKUP_QUOTE : undefined;
  if (deliveryId === DELIVERY_IDS.specialContact) return SPECIAL_CONTACT_QUOTES.get(cityCode);
  return undefined;
}

/** Great-circle distance in kilometres. */
export function distanceKm(from: Coords, to: Coords): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The embedded provider's carrier estimate, modelled on CDEK's parcel tariffs: a base by
 * service plus a share of the distance from the shop, more for every 500 g past the first
 * half-kilo, rounded up to 10 ₽; about a day per 1200 km on top of the first.
 */
export function estimateCarrierQuote(deliveryId: CarrierDeliveryId, distance: number, weightGrams: number): DeliveryQuote {
  const base = deliveryId === DELIVERY_IDS.courier ? 390 : deliveryId === DELIVERY_IDS.parcelLocker ? 200 : 220;
  const extraHalfKilos = Math.max(0, Math.ceil((weightGrams - 500) / 500));
  const raw = base + distance * 0.08 + extraHalfKilos * (35 + distance * 0.012);
  const minDays = distance < 100 ? 1 : 1 + Math.ceil(distance / 1200);
  const maxDays = minDays + (distance > 3000 ? 2 : 1);
  return { price: Math.ceil(raw / 10) * 10, minDays, maxDays };
}
