import { shop } from "../shop/contacts.ts";
import { DELIVERY_IDS, type DeliveryKind } from "./rules.ts";

/**
 * What a buyer needs to know about the shop's own ways of delivery,
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
