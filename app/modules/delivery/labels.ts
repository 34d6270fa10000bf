import { DELIVERY_IDS, type DeliveryId } from "./rules.ts";

/** The buyer-facing name of each delivery id (checkout page, order pages). */
export const DELIVERY_LABELS: Readonly<Record<DeliveryId, string>> = {
  [DELIVERY_IDS.pickupPoint]: "Пункт выдачи СДЭК",
  [DELIVERY_IDS.parcelLocker]: "Постамат СДЭК",
  [DELIVERY_IDS.freePickupPoint]: "Бесплатно до пункта выдачи",
  [DELIVERY_IDS.freeParcelLocker]: "Бесплатно до постамата",
  [DELIVERY_IDS.courier]: "Курьер СДЭК",
  [DELIVERY_IDS.freeCourier]: "Бесплатный курьер",
  [DELIVERY_IDS.officePickup]: "Самовывоз из офиса в Москве",
  [DELIVERY_IDS.specialContact]: "Специальная доставка (оплата при получении)",
};

/** The label of a delivery id, undefined for an id the shop does not know. */
export function deliveryLabel(deliveryId: number): string | undefined {
  return Object.hasOwn(DELIVERY_LABELS, deliveryId) ? DELIVERY_LABELS[deliveryId as DeliveryId] : undefined;
}
