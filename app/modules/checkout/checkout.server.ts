import { isDeepStrictEqual } from "node:util";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { readOfficeHoursText } from "../pickup/office-hours.server.ts";
import { orders, type User } from "../db/schema.ts";
import { deliveryOptions } from "../delivery/options.server.ts";
import { deliveryTwin } from "../delivery/pricing.ts";
import { type DeliveryProvider, DeliveryProviderError, type Parcel, type PickupPoint, pointKindOf } from "../delivery/provider.ts";
import { deliveryNote } from "../delivery/notes.ts";
import { DELIVERY_IDS, defaultCheckoutDelivery, deriveCheckoutDelivery } from "../delivery/rules.ts";
import { offeredPickupDays } from "../pickup/pickup.server.ts";
import type { ListOwner } from "../lists/lists.server.ts";
import { cartSummary, type CartSummary } from "../lists/summary.server.ts";
import { log } from "../shared/log.server.ts";
import { activePromotions } from "../content/promotions.server.ts";
import { type ActivePromotion, applyDeliveryPromotions } from "../pricing/discounts.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { lastOrderPoint, loadDraft } from "./draft.server.ts";
import { type CheckoutDraft, checkoutTexts } from "./draft.ts";
import { orderTerms, termsKey } from "./terms.ts";
import { getConfig } from "../config/config.server.ts";
import { offeredPayments } from "../payments/methods.ts";
import type { CheckoutView, DeliveryChoice, DeliveryChoiceGroup } from "./view.ts";

/** The most pickup points listed without JavaScript: enough to find one's own, short enough for a slow phone. */
export const POINT_LIST_LIMIT = 60;

/** The parcel of a cart: the coins' own weight (the provider adds packaging) and the goods total for insurance. */
export function parcelOf(cart: CartSummary): Parcel {
  return { weightGrams: cart.totalGrams, goodsTotal: cart.totalPrice };
}

/**
 * The offered option of a delivery id; when only the other variant of the same carrier
 * service is offered to this cart (free 76 instead of paid 79, or back), that one: the
 * service the buyer chose, at the price the shop now charges for it.
 */
export function findOption(groups: readonly DeliveryChoiceGroup[], deliveryId: number): DeliveryChoice | null {
  const find = (id: number) => groups.flatMap((group) => group.items).find((item) => item.id === id) ?? null;
  const twin = deliveryTwin(deliveryId);
  return find(deliveryId) ?? (twin === undefined ? null : find(twin));
}

const normalise = (text: string) => text.toLowerCase().replaceAll("ё", "е");

/** Points whose name or address contains every word of the filter. */
export function filterPoints(points: readonly PickupPoint[], filter: string): PickupPoint[] {
  const words = normalise(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...points];
  return points.filter((point) => {
    const haystack = normalise(`${point.name} ${point.address}`);
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * Delivery groups with prices, the running free-delivery promotions applied for the
 * parcel's goods total (a courier free from 300 000 ₽ costs 0 here, so on the page and in
 * the order); a provider fault leaves them empty with a reason instead of failing the page.
 */
export async function offeredDelivery(provider: DeliveryProvider, cityCode: string, parcel: Parcel, promotions: readonly ActivePromotion[] = []) {
  try {
    const options = await deliveryOptions(provider, cityCode, parcel);
    const groups: DeliveryChoiceGroup[] = options.map((group) => ({
      name: group.name,
      type: group.type,
      items: applyDeliveryPromotions(
        group.items.map((item) => ({ id: item.id, pvz: item.pvz, label: item.label, ...item.quote })),
        parcel.goodsTotal,
        promotions,
      ),
    }));
    return { groups, error: null };
  } catch (error) {
    if (error instanceof DeliveryProviderError) {
      log.warn("checkout: delivery options failed", { cityCode, error: error.message });
      return { groups: [] as DeliveryChoiceGroup[], error: checkoutTexts.deliveryUnavailable };
    }
    throw error;
  }
}

/**
 * The provider's answers within one request: a post checks the city's options and points
 * while applying choices and again while placing; each is asked for once.
 */
export function deliveryLookup(provider: DeliveryProvider, parcel: Parcel, promotions: readonly ActivePromotion[] = []) {
  const offers = new Map<string, ReturnType<typeof offeredDelivery>>();
  const points = new Map<string, Promise<PickupPoint[]>>();
  return {
    offered(cityCode: string) {
      if (!offers.has(cityCode)) offers.set(cityCode, offeredDelivery(provider, cityCode, parcel, promotions));
      return offers.get(cityCode)!;
    },
    points(cityCode: string, deliveryId: number) {
      const key = `${cityCode}:${deliveryId}`;
      if (!points.has(key)) points.set(key, pointsOf(provider, cityCode, deliveryId));
      return points.get(key)!;
    },
  };
}

export type DeliveryLookup = ReturnType<typeof deliveryLookup>;

/**
 * The delivery a first visit starts from: what the city offers (spec section 4: free or
 * special delivery from the first group), unless the saved profile already chose one.
 */
export function firstVisitDelivery(current: CheckoutDraft["delivery"], groups: readonly DeliveryChoiceGroup[]): CheckoutDraft["delivery"] {
  return isDeepStrictEqual(current, defaultCheckoutDelivery()) ? deriveCheckoutDelivery(groups) : current;
}

/** Points of a delivery in a city; a provider fault gives none (the page says why). */
export async function pointsOf(provider: DeliveryProvider, cityCode: string, deliveryId: number): Promise<PickupPoint[]> {
  if (!pointKindOf(deliveryId)) return [];
  try {
    return await provider.pickupPoints(cityCode, deliveryId);
  } catch (error) {
    if (error instanceof DeliveryProviderError) {
      log.warn("checkout: delivery points failed", { deliveryId, cityCode, error: error.message });
      return [];
    }
    throw error;
  }
}

/**
 * The pickup point the page starts with: the draft's own while the list still has it; else the
 * one of the buyer's last order, if this city's list for this delivery still has it; else the
 * only point when the list holds just one. With several and nothing to go by, none: a guess among
 * many would send the parcel to a point the buyer never looked at, and the order would go through
 * without them noticing; the required radios make them choose.
 */
export function preselectedPoint(points: readonly PickupPoint[], draftCode: string | null, lastOrderCode: string | null): PickupPoint | null {
  const find = (code: string | null) => (code === null ? undefined : points.find((point) => point.code === code));
  return find(draftCode) ?? find(lastOrderCode) ?? (points.length === 1 ? points[0]! : null);
}

/** How long after an order an empty checkout still points to it. */
const LAST_ORDER_SHOWN_MS = 24 * 60 * 60 * 1000;

/** The buyer's own order, if it was placed within the last day. */
async function recentOrder(db: Database, userId: number, orderId: number): Promise<{ id: number; number: string } | null> {
  const [order] = await db
    .select({ id: orders.id, number: orders.number, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return order && Date.now() - order.createdAt.getTime() < LAST_ORDER_SHOWN_MS ? { id: order.id, number: order.number } : null;
}

/**
 * The delivery an order keeps (orders.delivery), from the option offered, the chosen point and
 * the courier's address: the checkout and an order taken by staff store the same shape.
 */
export function orderDeliveryRecord(
  option: DeliveryChoice,
  delivery: Pick<CheckoutDraft["delivery"], "type" | "courier">,
  point: PickupPoint | undefined,
  address: CheckoutDraft["address"],
): Record<string, unknown> {
  return {
    id: option.id,
    name: option.label,
    type: delivery.type,
    courier: delivery.courier,
    point: point ? point.code : null,
    pointAddress: point ? `${point.name}, ${point.address}` : null,
    address: delivery.courier ? address : null,
    minDays: option.minDays,
    maxDays: option.maxDays,
    // A free-delivery promotion that made this delivery free: which one and what it saved.
    promotion: option.promotion,
  };
}

/** The notes of the ways of delivery offered (delivery/notes.ts), by delivery id. */
function deliveryNotesOf(groups: readonly DeliveryChoiceGroup[], officeHours: string): Record<number, string> {
  const notes: Record<number, string> = {};
  for (const item of groups.flatMap((group) => group.items)) {
    const note = deliveryNote(item.id, officeHours);
    if (note) notes[item.id] = note;
  }
  return notes;
}

/** Everything /checkout shows, computed on the server from the cart, the draft and the current quotes. */
export async function checkoutView(
  db: Database,
  input: { owner: ListOwner; user: User | null; rates: MetalRates | null; provider: DeliveryProvider; pointFilter: string; cityQuery: string },
): Promise<CheckoutView> {
  const [cart, stored, promotions] = await Promise.all([
    cartSummary(db, input.owner, input.rates),
    loadDraft(db, input.owner, input.user),
    activePromotions(db),
  ]);
  const { token, revision } = stored;
  let draft = stored.draft;
  const parcel = parcelOf(cart);
  const [offered, cityResults] = await Promise.all([
    offeredDelivery(input.provider, draft.city.code, parcel, promotions),
    input.cityQuery ? input.provider.searchCities(input.cityQuery).catch(() => []) : Promise.resolve(null),
  ]);
  if (revision === "new") draft = { ...draft, delivery: firstVisitDelivery(draft.delivery, offered.groups) };
  const chosen = findOption(offered.groups, draft.delivery.deliveryId);
  let points: CheckoutView["points"] = null;
  if (chosen && pointKindOf(chosen.id)) {
    const all = await pointsOf(input.provider, draft.city.code, chosen.id);
    const selected = preselectedPoint(all, draft.pointCode, lastOrderPoint(input.user));
    // The page renders it checked (the form posts it); the draft keeps it once the buyer saves or orders.
    if (selected) draft = { ...draft, pointCode: selected.code };
    const filtered = filterPoints(all, input.pointFilter);
    const list = filtered.slice(0, POINT_LIST_LIMIT);
    // The chosen point stays visible whatever the filter, so the buyer sees what is selected.
    if (selected && !list.includes(selected)) list.unshift(selected);
    points = { list, total: filtered.length, filter: input.pointFilter, selected };
  }
  let pickup: CheckoutView["pickup"] = null;
  if (chosen?.id === DELIVERY_IDS.officePickup) {
    const days = (await offeredPickupDays(db)).map((day) => ({
      day: day.day,
      label: day.label,
      slots: day.slots.map((slot) => ({ key: slot.key, label: slot.label, free: slot.free })),
    }));
    // A slot chosen earlier that is gone or full is not shown ticked: the buyer picks again.
    const open = days.some((day) => day.slots.some((slot) => slot.key === draft.pickupSlot && slot.free > 0));
    pickup = { days, selected: open ? draft.pickupSlot : null };
  }
  const deliveryPrice = chosen ? chosen.price : null;
  const cardLimit = getConfig().invoices.cardPaymentMaxRub;
  const offeredWays = offeredPayments({ specialDelivery: draft.delivery.specialDelivery, total: cart.totalPrice + (deliveryPrice ?? 0) }, cardLimit);
  // A way no longer offered (the order grew past the card limit) is not shown ticked: the first one offered is.
  if (!offeredWays.includes(draft.delivery.paymentId)) draft = { ...draft, delivery: { ...draft.delivery, paymentId: offeredWays[0]! } };
  const shown = termsKey(orderTerms(cart, draft, chosen));
  // A notice speaks of the terms it was made for; once they changed again (another tab, the cart page) it is gone.
  if (draft.priceNotice && draft.priceNotice.key !== shown) draft = { ...draft, priceNotice: null };
  if (draft.changeNotice && draft.changeNotice.key !== shown) draft = { ...draft, changeNotice: null };
  return {
    cart,
    draft,
    shown,
    lastOrder: cart.lines.length === 0 && input.user && draft.lastOrderId !== null ? await recentOrder(db, input.user.id, draft.lastOrderId) : null,
    token,
    revision,
    groups: offered.groups,
    chosen,
    points,
    cityResults: cityResults === null ? null : { query: input.cityQuery, cities: cityResults },
    totals: { goods: cart.totalPrice, delivery: deliveryPrice, total: cart.totalPrice + (deliveryPrice ?? 0) },
    deliveryNotes: deliveryNotesOf(offered.groups, await readOfficeHoursText(db)),
    pickup,
    deliveryError: offered.error,
    payments: { offered: offeredWays, cardLimit, invoiceDays: getConfig().invoices.paymentDays },
  };
}
