import { deliveryLabel } from "./labels.ts";
import { officeAddressText } from "./notes.ts";
import { pickupSlotText } from "./pickup-slot-text.ts";
import { COURIER_DELIVERY_IDS, DELIVERY_IDS, type DeliveryKind, PARCEL_LOCKER_IDS, PICKUP_POINT_IDS } from "./rules.ts";

/**
 * An order's delivery as every place that tells it reads it (buyer's pages, back office,
 * packing slip, messages): one reading of the snapshot the checkout stored, so the courier's
 * address is never an object printed as text and never left out. Pure.
 */

/** The delivery as the checkout stores it in orders.delivery (older rows may lack fields). */
type StoredDelivery = {
  id?: number;
  name?: string;
  courier?: boolean;
  pointAddress?: string | null;
  address?: Record<string, unknown> | string | null;
  /** Office pickup: the booked slot's start (ISO) and length; moved by staff together with the booking. */
  pickupAt?: string | null;
  pickupMinutes?: number | null;
};

const asStored = (delivery: unknown): StoredDelivery => (delivery && typeof delivery === "object" ? (delivery as StoredDelivery) : {});
const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** The kind of a stored delivery; null for an id the shop does not know and nothing else to go by. */
export function deliveryKindOf(delivery: unknown): DeliveryKind | null {
  const stored = asStored(delivery);
  const id = stored.id;
  if (id === DELIVERY_IDS.officePickup) return "office";
  if (id === DELIVERY_IDS.specialContact) return "special";
  if (id !== undefined && COURIER_DELIVERY_IDS.has(id)) return "courier";
  if (id !== undefined && (PICKUP_POINT_IDS.has(id) || PARCEL_LOCKER_IDS.has(id))) return "point";
  if (stored.courier) return "courier";
  if (text(stored.pointAddress)) return "point";
  return null;
}

/** Whether the coins go to a door (an address the courier needs). */
export const goesToTheDoor = (kind: DeliveryKind | null) => kind === "courier" || kind === "special";

/** "ул. Тверская, д. 1, кв./оф. 5, подъезд 2, этаж 3": the courier's address with all the buyer gave; null without one. */
export function courierAddressText(delivery: unknown): string | null {
  const address = asStored(delivery).address;
  if (typeof address === "string") return address.trim() || null;
  if (!address || typeof address !== "object") return null;
  const room = text(address.room);
  const entrance = text(address.entrance);
  const floor = text(address.floor);
  const parts = [text(address.street), text(address.house), room && `кв./оф. ${room}`, entrance && `подъезд ${entrance}`, floor && `этаж ${floor}`].filter(
    Boolean,
  );
  return parts.length > 0 ? parts.join(", ") : null;
}

/** The buyer's message to the courier, or null. */
export function courierNoteText(delivery: unknown): string | null {
  const address = asStored(delivery).address;
  return address && typeof address === "object" ? text(address.message) || null : null;
}

export type OrderDelivery = {
  /** "Курьер СДЭК", "Пункт выдачи СДЭК"… */
  name: string;
  kind: DeliveryKind | null;
  /** Where the coins go: the point's name and address, or the courier's address; null for the office or when unknown. */
  place: string | null;
  courierNote: string | null;
  /** Office pickup: "пт, 4 декабря, 10:00–11:00 (МСК)", the time booked to collect; null otherwise. */
  pickupSlot: string | null;
};

/** The stored delivery of an order, read once for every page and message. */
export function orderDelivery(delivery: unknown): OrderDelivery {
  const stored = asStored(delivery);
  const kind = deliveryKindOf(stored);
  const name = text(stored.name) || (stored.id === undefined ? undefined : deliveryLabel(stored.id)) || "Доставка";
  const point = text(stored.pointAddress) || null;
  const place = kind === "office" ? null : kind === "point" ? point : (courierAddressText(stored) ?? point);
  return { name, kind, place, courierNote: courierNoteText(stored), pickupSlot: pickupSlotOf(stored) };
}

/** The booked slot of a stored office-pickup delivery, as text; null when none (older orders, other deliveries). */
export function pickupSlotOf(delivery: unknown): string | null {
  const stored = asStored(delivery);
  if (typeof stored.pickupAt !== "string" || Number.isNaN(Date.parse(stored.pickupAt))) return null;
  const minutes = typeof stored.pickupMinutes === "number" && stored.pickupMinutes > 0 ? stored.pickupMinutes : 60;
  return pickupSlotText(stored.pickupAt, minutes);
}

/**
 * One line for staff and messages: "Курьер СДЭК: Москва, ул. Тверская, д. 1, кв./оф. 5",
 * "Пункт выдачи СДЭК: Москва, Пункт выдачи «Центральный», ул. Кирова, 38", the office with its address.
 */
export function orderDeliveryLine(delivery: unknown, city?: string): string {
  const { name, kind, place, pickupSlot } = orderDelivery(delivery);
  if (kind === "office") return pickupSlot ? `${name}: ${officeAddressText}, ${pickupSlot}` : `${name}: ${officeAddressText}`;
  const where = [city?.trim(), place].filter(Boolean).join(", ");
  return where ? `${name}: ${where}` : name;
}
