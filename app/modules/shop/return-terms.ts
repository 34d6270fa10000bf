import type { ReturnSettings } from "../config/return-settings.ts";
import { shop } from "./contacts.ts";

/**
 * The return terms as the shop states them in writing (ЗоЗПП ст. 26.1: told in writing, the period
 * is 7 days; not told, 3 months): the /return page, every order e-mail and the return form say
 * the same words, made from the settings.
 */

/** Where coins come back: RETURN_ADDRESS, else the office. */
export const returnAddress = (settings: ReturnSettings) =>
  settings.address ?? `${shop.address.addressLocality}, ${shop.address.streetAddress} (офис ${shop.name})`;

/** "7 дней", "14 дней", "21 день": the period in words. */
export function daysText(days: number): string {
  const tens = days % 100;
  const ones = days % 10;
  const word = tens >= 11 && tens <= 14 ? "дней" : ones === 1 ? "день" : ones >= 2 && ones <= 4 ? "дня" : "дней";
  return `${days} ${word}`;
}

/** The terms as paragraphs: the page's block and the form's note. */
export function returnTermsParagraphs(settings: ReturnSettings): string[] {
  if (!settings.accepted)
    return [
      "Сейчас магазин не принимает заявки на возврат через сайт. Это не ограничивает ваши права по закону «О защите прав потребителей»: позвоните нам, и мы оформим возврат.",
      `Телефон: ${shop.phones.main.display}, e-mail: ${shop.email}.`,
    ];
  return [
    `Вы можете отказаться от монет, купленных на сайте, в течение ${daysText(settings.periodDays)} после дня получения заказа (статья 26.1 закона «О защите прав потребителей»). Срок считается по московскому времени и кончается в полночь последнего дня.`,
    "Монеты должны сохранить товарный вид: оригинальная капсула или упаковка без повреждений и следов вскрытия, сертификат, если он был. Можно вернуть часть монет заказа.",
    `Заявку оформите в личном кабинете на странице заказа: «Оформить возврат». Монеты принесите или отправьте по адресу: ${returnAddress(settings)}.`,
    "Деньги вернём не позднее 10 дней со дня заявки тем же способом, которым была оплата, с чеком возврата. Расходы на пересылку монет к нам не возмещаются.",
  ];
}

/** One line under every order e-mail. */
export function returnTermsLine(settings: ReturnSettings): string {
  return settings.accepted
    ? `Возврат: в течение ${daysText(settings.periodDays)} после получения, если монеты сохранили товарный вид; заявка — в личном кабинете на странице заказа, монеты — по адресу: ${returnAddress(settings)}; деньги — не позднее 10 дней со дня заявки.`
    : `Возврат: позвоните нам, ${shop.phones.main.display}.`;
}
