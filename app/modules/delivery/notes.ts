import { shop } from "../shop/contacts.ts";
import { DELIVERY_IDS } from "./rules.ts";

/**
 * What a buyer needs to know about the shop's own ways of delivery (issue 21 item 17),
 * shown under the choice at checkout and on the order pages. The office's address and
 * hours come from the shop's contacts (spec section 9), kept there once.
 */

/** "Пн–Чт 10:00–18:00, Пт 10:00–17:00; Сб, Вс — выходные" (Moscow time). */
export const officeHoursText = `${shop.hours.map((slot) => `${slot.days} ${slot.opens}–${slot.closes}`).join(", ")}; Сб, Вс — выходные`;

/** "Москва, ул. Мясницкая, д. 24/7, стр. 1, офис 107". */
export const officeAddressText = `${shop.address.addressLocality}, ${shop.address.streetAddress}`;

const officeWhereAndWhen = `Офис: ${officeAddressText}. Часы работы: ${officeHoursText} (МСК).`;

/** Where and when the office hands orders over (the order pages). */
export const officePlaceText = `${officeWhereAndWhen} Возьмите паспорт.`;

/** Office pickup explained at checkout: where, when, and how the buyer learns the order is ready. */
export const officePickupText = `${officeWhereAndWhen} Когда заказ будет готов к выдаче (обычно на следующий рабочий день), пришлём SMS. Возьмите паспорт.`;

/** What special delivery (43) is: the shop's own staff, payment on receipt (spec payment 6). */
export const specialDeliveryText =
  "Заказ привезёт сотрудник магазина и вручит лично получателю по паспорту; время согласуем по телефону. Оплата при получении — наличными или картой. Только в Москве и Санкт-Петербурге.";

/** The explanation shown with a delivery id, if it needs one. */
export function deliveryNote(deliveryId: number): string | undefined {
  if (deliveryId === DELIVERY_IDS.officePickup) return officePickupText;
  if (deliveryId === DELIVERY_IDS.specialContact) return specialDeliveryText;
  return undefined;
}
