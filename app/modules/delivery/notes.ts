import { DEFAULT_OFFICE_HOURS, officeHoursText } from "../config/office-hours.ts";
import { shop } from "../shop/contacts.ts";
import { DELIVERY_IDS, type DeliveryKind } from "./rules.ts";

/**
 * What a buyer needs to know about the shop's own ways of delivery,
 * shown under the choice at checkout and on the order pages. The office's address and
 * hours come from the shop's contacts (spec section 9), kept there once.
 */

/** The spec's hours in words, for texts made without the hours staff set (decision 061: pass them in). */
export const defaultOfficeHoursText = officeHoursText(DEFAULT_OFFICE_HOURS);

/** "Москва, ул. Мясницкая, д. 24/7, стр. 1, офис 107". */
export const officeAddressText = `${shop.address.addressLocality}, ${shop.address.streetAddress}`;

/** `hours`: the office's hours in words ("Пн–Чт 10:00–18:00, …"), the ones staff set (pickup/office-hours.server.ts). */
const officeWhereAndWhen = (hours: string) => `Офис: ${officeAddressText}. Часы работы: ${hours} (МСК).`;

/** Where and when the office hands orders over (the order pages, the messages). */
export const officePlaceText = (hours: string) => `${officeWhereAndWhen(hours)} Возьмите паспорт.`;

/** Office pickup explained at checkout: where, when, and how the buyer learns the order is ready. */
export const officePickupText = (hours: string) =>
  `${officeWhereAndWhen(hours)} Когда заказ будет готов к выдаче (обычно на следующий рабочий день), пришлём SMS. Возьмите паспорт.`;

/** What special delivery (43) is: the shop's own staff, payment on receipt (spec payment 6). */
export const specialDeliveryText =
  "Заказ привезёт сотрудник магазина и вручит лично получателю по паспорту; время согласуем по телефону. Оплата при получении — наличными или картой. Только в Москве и Санкт-Петербурге.";

/** The explanation shown with a delivery id, if it needs one. */
export function deliveryNote(deliveryId: number, officeHours: string): string | undefined {
  if (deliveryId === DELIVERY_IDS.officePickup) return officePickupText(officeHours);
  if (deliveryId === DELIVERY_IDS.specialContact) return specialDeliveryText;
  return undefined;
}

/**
 * How the coins are handed over, by the way they come: collected at the office or a CDEK point,
 * the buyer takes a passport there; brought to the door (CDEK's courier or the shop's own), the
 * courier hands them to the recipient in person against the passport, whatever the order's size
 * (the recipient's name must match it: see the checkout's «Получатель»).
 */
export function handoverText(kind: DeliveryKind | null): string {
  switch (kind) {
    case "office":
      return "Приходя за заказом в офис, возьмите паспорт: монеты выдаются только получателю.";
    case "point":
      return "Получая посылку в пункте выдачи СДЭК, возьмите паспорт: её выдают только получателю.";
    case "courier":
    case "special":
      return "Курьер вручит заказ лично получателю и попросит паспорт: держите его под рукой.";
    default:
      return "Монеты выдаются только получателю, по паспорту.";
  }
}
