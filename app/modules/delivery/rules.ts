/**
 * Checkout delivery rules of spec sections 4 and 9 (pure, no I/O).
 *
 * Decisions where the spec is silent (documented here, tested in rules.test.ts):
 * - The free-delivery courier service's group name is FREE_DELIVERY_GROUP_NAME; a first
 *   group with that name switches free delivery on and preselects the free pickup point (76).
 * - Choosing an item: type "pickup" for office pickup (35), "specialcontact" for 43,
 *   "sdek" otherwise; courier flag from COURIER_DELIVERY_IDS (45, 75) except for special
 *   contact, where the item's pvz flag decides (courier when pvz is false); payment 6 with
 *   special contact, 4 otherwise.
 * - Saved profile delivery (select_dlv_service) follows the spec literally: 35 → pickup;
 *   45 → sdek + courier; 75 → sdek, courier flag left as it was; 43 → specialcontact with
 *   payment 6. Pickup-point and locker ids (79, 80, 76, 77) → sdek, courier off. Anything
 *   else (empty, unknown) leaves the state unchanged.
 */

import { DEFAULT_PAYMENT_ID, PAYMENT_IDS, type PaymentId } from "../payments/methods.ts";

export const DELIVERY_IDS = {
  pickupPoint: 79,
  parcelLocker: 80,
  freePickupPoint: 76,
  freeParcelLocker: 77,
  courier: 45,
  freeCourier: 75,
  officePickup: 35,
  /** Special contact; its free variant is the same id. */
  specialContact: 43,
} as const;

export type DeliveryId = (typeof DELIVERY_IDS)[keyof typeof DELIVERY_IDS];

export const DEFAULT_DELIVERY_ID = DELIVERY_IDS.pickupPoint;

/** Ids with the courier flag on. */
export const COURIER_DELIVERY_IDS: ReadonlySet<number> = new Set([DELIVERY_IDS.courier, DELIVERY_IDS.freeCourier]);
/** Ids served at a pickup point (type "" in point lists). */
export const PICKUP_POINT_IDS: ReadonlySet<number> = new Set([DELIVERY_IDS.pickupPoint, DELIVERY_IDS.freePickupPoint]);
/** Ids served at a parcel locker (type "постамат" in point lists). */
export const PARCEL_LOCKER_IDS: ReadonlySet<number> = new Set([DELIVERY_IDS.parcelLocker, DELIVERY_IDS.freeParcelLocker]);

/** The name of the free-delivery courier service's group (decided here; the spec only says "named as"). */
export const FREE_DELIVERY_GROUP_NAME = "Бесплатная доставка СДЭК";

export type DeliveryType = "sdek" | "pickup" | "specialcontact";

export type DeliveryItem = { id: number; pvz: boolean };
export type DeliveryGroup = { name: string; type: DeliveryType; items: DeliveryItem[] };

export type CheckoutDelivery = {
  deliveryId: number;
  type: DeliveryType;
  courier: boolean;
  freeDelivery: boolean;
  specialDelivery: boolean;
  paymentId: PaymentId;
};

export function defaultCheckoutDelivery(): CheckoutDelivery {
  return {
    deliveryId: DEFAULT_DELIVERY_ID,
    type: "sdek",
    courier: false,
    freeDelivery: false,
    specialDelivery: false,
    paymentId: DEFAULT_PAYMENT_ID,
  };
}

export function isCourierDelivery(deliveryId: number): boolean {
  return COURIER_DELIVERY_IDS.has(deliveryId);
}

/** True when the first group is the free-delivery courier service. */
export function isFreeDelivery(groups: readonly DeliveryGroup[]): boolean {
  return groups[0]?.name === FREE_DELIVERY_GROUP_NAME;
}

/** True when the first group is special contact. */
export function isSpecialDelivery(groups: readonly DeliveryGroup[]): boolean {
  return groups[0]?.type === "specialcontact";
}

/** The type an item's id implies. */
export function deliveryTypeOf(deliveryId: number): DeliveryType {
  if (deliveryId === DELIVERY_IDS.officePickup) return "pickup";
  if (deliveryId === DELIVERY_IDS.specialContact) return "specialcontact";
  return "sdek";
}

/** The state the offered groups give: default, free delivery, or special delivery from the first item. */
export function deriveCheckoutDelivery(groups: readonly DeliveryGroup[]): CheckoutDelivery {
  const state = defaultCheckoutDelivery();
  if (isFreeDelivery(groups)) {
    state.freeDelivery = true;
    state.deliveryId = DELIVERY_IDS.freePickupPoint;
  }
  const first = groups[0];
  const item = first?.items[0];
  if (first && isSpecialDelivery(groups) && item) {
    state.specialDelivery = true;
    state.deliveryId = item.id;
    state.type = first.type;
    state.courier = !item.pvz;
    state.paymentId = PAYMENT_IDS.onReceipt;
  }
  return state;
}

/** The buyer picks an item. */
export function chooseDeliveryItem(state: CheckoutDelivery, item: DeliveryItem): CheckoutDelivery {
  const type = deliveryTypeOf(item.id);
  const special = type === "specialcontact";
  return {
    ...state,
    deliveryId: item.id,
    type,
    courier: special ? !item.pvz : isCourierDelivery(item.id),
    specialDelivery: special,
    paymentId: special ? PAYMENT_IDS.onReceipt : PAYMENT_IDS.online,
  };
}

/** Special delivery off: back to the pickup point (the free one with free delivery), sdek, no courier. */
export function turnOffSpecialDelivery(state: CheckoutDelivery): CheckoutDelivery {
  return {
    ...state,
    specialDelivery: false,
    deliveryId: state.freeDelivery ? DELIVERY_IDS.freePickupPoint : DELIVERY_IDS.pickupPoint,
    type: "sdek",
    courier: false,
    paymentId: PAYMENT_IDS.online,
  };
}

/** A saved profile's select_dlv_service (number or numeric string) applied to the state. */
export function applyProfileDelivery(state: CheckoutDelivery, selectDlvService: number | string | null | undefined): CheckoutDelivery {
  const id = typeof selectDlvService === "string" ? (/^\s*\d+\s*$/.test(selectDlvService) ? Number(selectDlvService) : NaN) : selectDlvService;
  switch (id) {
    case DELIVERY_IDS.officePickup:
      return { ...state, deliveryId: id, type: "pickup", courier: false };
    case DELIVERY_IDS.courier:
      return { ...state, deliveryId: id, type: "sdek", courier: true };
    case DELIVERY_IDS.freeCourier:
      return { ...state, deliveryId: id, type: "sdek" };
    case DELIVERY_IDS.specialContact:
      return { ...state, deliveryId: id, type: "specialcontact", paymentId: PAYMENT_IDS.onReceipt };
    case DELIVERY_IDS.pickupPoint:
    case DELIVERY_IDS.parcelLocker:
    case DELIVERY_IDS.freePickupPoint:
    case DELIVERY_IDS.freeParcelLocker:
      return { ...state, deliveryId: id, type: "sdek", courier: false };
    default:
      return state;
  }
}

/**
 * How the coins reach the buyer, which decides the order's steps and messages:
 * point — a CDEK pickup point or locker (tracking number); courier — CDEK's courier to the door
 * (tracking number); office — the buyer collects at the office; special — the shop's own staff
 * bring it to the door (no tracking number, payment on receipt).
 */
export type DeliveryKind = "point" | "courier" | "office" | "special";
