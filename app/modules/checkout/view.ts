import type { City, PickupPoint } from "../delivery/provider.ts";
import type { DeliveryType } from "../delivery/rules.ts";
import type { DeliveryDiscount } from "../pricing/discounts.ts";
import type { CartSummary } from "../lists/summary.server.ts";
import type { CheckoutDraft } from "./draft.ts";
import type { PaymentId } from "../payments/methods.ts";

/** What /checkout shows (computed by checkout.server.ts); shared with the page, so no server code here. */

/** One way to deliver, as offered in the city, with its price (after a free-delivery promotion, named in `promotion`). */
export type DeliveryChoice = { id: number; pvz: boolean; label: string; price: number; minDays: number; maxDays: number; promotion: DeliveryDiscount | null };
export type DeliveryChoiceGroup = { name: string; type: DeliveryType; items: DeliveryChoice[] };

export type CheckoutView = {
  cart: CartSummary;
  draft: CheckoutDraft;
  token: string;
  revision: string;
  groups: DeliveryChoiceGroup[];
  /** The chosen delivery as offered in the city, or null when it is not offered (the buyer must choose again). */
  chosen: DeliveryChoice | null;
  /** Points or lockers of the chosen delivery (filtered), null when it needs none. */
  points: { list: PickupPoint[]; total: number; filter: string; selected: PickupPoint | null } | null;
  /** Cities found by the buyer's search (?city=…), null when there was no search. */
  cityResults: { query: string; cities: City[] } | null;
  totals: { goods: number; delivery: number | null; total: number };
  /**
   * What the shop's own ways of delivery offered here mean (delivery/notes.ts), by delivery id:
   * shown under the choice. Sent as data, so the page's scripts carry none of these texts.
   */
  deliveryNotes: Record<number, string>;
  /**
   * Office pickup chosen: the days and slots the buyer may book, with free places (a full slot is
   * shown disabled), and the slot the form has ticked; null for other deliveries.
   */
  pickup: { days: Array<{ day: string; label: string; slots: Array<{ key: string; label: string; free: number }> }>; selected: string | null } | null;
  /** Why delivery cannot be shown now (provider fault), or null. */
  deliveryError: string | null;
  /** The terms shown (terms.ts), posted back with 'Оформить заказ'. */
  shown: string;
  /** The ways this order may be paid now (payments/methods.ts), and the card limit in roubles that decided it. */
  payments: { offered: PaymentId[]; cardLimit: number; invoiceDays: number };
  /** With an empty cart: the order just placed from this draft, if any. */
  lastOrder: { id: number; number: string } | null;
};
