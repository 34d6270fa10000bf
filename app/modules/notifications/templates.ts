import { defaultOfficeHoursText, officeAddressText, officePlaceText } from "../delivery/notes.ts";
import { goesToTheDoor } from "../delivery/order-delivery.ts";
import { escapeMarkup } from "../shared/escape-markup.ts";
import { paymentDeadlineText } from "../payments/deadline.ts";
import { invoicePayBy } from "../invoices/invoice.ts";
import { cdekTrackingUrl } from "../delivery/tracking.ts";
import { formatDateTime, formatMoney } from "../shared/format.ts";
import type { AlertFacts, BuybackFacts, NotificationAudience, NotificationChannel, NotificationEvent, OrderFacts, ReturnFacts } from "./events.ts";

/** What every message may say about the shop: its name, site and how to reach it; e-mails also carry the seller's legal details. */
export type ShopFacts = {
  name: string;
  publicUrl: string;
  phone: string;
  email: string;
  seller?: string;
  /** The return terms in one line: every e-mail to a buyer about an order carries them (ЗоЗПП ст. 26.1, terms in writing). */
  returnTerms?: string;
  /** The office's hours in words as staff set them (decision 061); the spec's when absent. */
  officeHours?: string;
};

export type RenderedMessage = {
  /** E-mail subject ("" for SMS and Telegram). */
  subject: string;
  /** The whole text of an SMS or a Telegram message; the plain-text part of an e-mail. */
  text: string;
  /** The HTML part of an e-mail; null for SMS and Telegram. */
  html: string | null;
};

/** A Russian message for one event, audience and channel. Pure: the same facts give the same text. */
export function renderMessage(
  event: NotificationEvent,
  audience: NotificationAudience,
  channel: NotificationChannel,
  shop: ShopFacts,
  now: Date = new Date(),
): RenderedMessage {
  const content = audience === "staff" ? staffContent(event, shop) : buyerContent(event, shop, now);
  if (channel === "email") {
    const withTerms = audience === "buyer" && "order" in event && shop.returnTerms ? { ...content, terms: shop.returnTerms } : content;
    return { subject: `${content.subject} — ${shop.name}`, text: emailText(withTerms, shop), html: emailHtml(withTerms, shop) };
  }
  const text = channel === "sms" ? `${shop.name}: ${content.sms}` : [content.subject, ...content.lines, content.link].filter(Boolean).join("\n");
  return { subject: "", text, html: null };
}

type Content = {
  subject: string;
  /** The SMS text after the shop's name: one or two short sentences. */
  sms: string;
  /** The body's paragraphs (e-mail and Telegram). */
  lines: string[];
  /** The page that tells more (the buyer's order page). */
  link: string | null;
  /** The words of the e-mail's link button; "Открыть заказ на сайте" when not given. */
  linkText?: string;
  /** An e-mail's unsubscribe address (alerts). */
  unsubscribe?: string;
  /** The return terms, under an order e-mail's body. */
  terms?: string;
};

/** A buy-back request as messages name it: its quote number, or its id for a request written before quotes. */
const buybackRef = (request: BuybackFacts) => request.quoteNumber ?? `№${request.id}`;

const orderLink = (order: OrderFacts, shop: ShopFacts) => `${shop.publicUrl}/my/orders/${order.id}`;
const money = (amount: number) => formatMoney(amount);
const coinLink = (alert: AlertFacts, shop: ShopFacts) => `${shop.publicUrl}/products/${alert.coin.slug}`;
const unsubscribeLink = (alert: AlertFacts, shop: ShopFacts) => `${shop.publicUrl}/alerts/unsubscribe/${alert.token}`;
const coins = (order: OrderFacts) => order.lines.map((line) => `${line.name} × ${line.quantity}`);
/** A typed reason as the end of a sentence: one full stop, whether or not it brought its own. */
const sentenceEnd = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

function deadline(order: OrderFacts, now: Date): string | null {
  return (order.paysOnline || order.paysByInvoice) && order.paymentDueAt ? paymentDeadlineText(order.paymentDueAt, now) : null;
}

function buyerContent(event: NotificationEvent, shop: ShopFacts, now: Date): Content {
  switch (event.kind) {
    case "order_placed": {
      const { order } = event;
      const due = deadline(order, now);
      const next = order.paysByInvoice
        ? `Счёт на оплату №${order.number} — по ссылке ниже, на странице заказа. Оплатите его банковским переводом ${order.paymentDueAt ? `до ${invoicePayBy(order.paymentDueAt)} включительно` : "в срок, указанный в счёте"}, иначе заказ будет отменён.`
        : order.paysOnline
          ? due
            ? `Оплатите до ${due} (МСК), иначе заказ будет отменён.`
            : "Оплатите заказ на странице заказа."
          : "Оплата при получении. Мы позвоним, чтобы договориться о доставке.";
      // An order staff took: the buyer pays by the link, which the SMS carries as well as the e-mail.
      const payLink = order.paysOnline && order.takenByStaff ? ` Оплатить: ${orderLink(order, shop)}` : "";
      // A served pre-order reads as one: the buyer asked weeks ago and learns its price only now.
      const byPreorder = order.fromPreorder ? " по предзаказу" : "";
      return {
        subject: `Заказ №${order.number}${byPreorder} принят`,
        sms: `заказ №${order.number}${byPreorder} на ${money(order.total)} принят.${order.pickupSlot ? ` Самовывоз из офиса: ${order.pickupSlot}.` : ""} ${next}${payLink}`,
        lines: [
          `Здравствуйте${order.buyer.name ? `, ${order.buyer.name}` : ""}!`,
          order.fromPreorder
            ? `Продажи начались: по вашему предзаказу создан заказ №${order.number}, цена — по курсу на момент начала продаж.`
            : `Ваш заказ №${order.number} принят.`,
          ...coins(order),
          `Доставка: ${order.delivery}`,
          `К оплате: ${money(order.total)}`,
          next,
        ],
        ...(order.paysByInvoice
          ? { link: `${orderLink(order, shop)}/invoice`, linkText: "Скачать счёт на оплату (PDF)" }
          : { link: orderLink(order, shop), ...(payLink ? { linkText: "Оплатить заказ" } : {}) }),
      };
    }
    case "order_changed": {
      const { order } = event;
      const due = deadline(order, now);
      // The old payment link no longer takes money: an online order's messages carry the link to pay the new sum.
      const next = order.paysOnline
        ? `Прежняя ссылка на оплату больше не действует. Оплатите новую сумму${due ? ` до ${due} (МСК)` : ""}: ${orderLink(order, shop)}`
        : order.paysByInvoice
          ? "Счёт на оплату новой суммы — на странице заказа."
          : "Оплата при получении.";
      return {
        subject: `Заказ №${order.number} изменён`,
        sms: `заказ №${order.number} изменён, к оплате ${money(order.total)}. ${next}`,
        lines: [
          `Здравствуйте${order.buyer.name ? `, ${order.buyer.name}` : ""}!`,
          `По вашей просьбе мы изменили заказ №${order.number}.`,
          ...coins(order),
          `Доставка: ${order.delivery}`,
          `К оплате: ${money(order.total)} (было ${money(event.was)})`,
          next,
        ],
        link: orderLink(order, shop),
        ...(order.paysOnline ? { linkText: "Оплатить заказ" } : {}),
      };
    }
    case "order_paid":
      return {
        subject: `Заказ №${event.order.number} оплачен`,
        sms: `заказ №${event.order.number} оплачен, ${money(event.order.total)}. Сообщим, когда он будет в пути.`,
        lines: [`Оплата заказа №${event.order.number} получена: ${money(event.order.total)}.`, "Мы соберём заказ и сообщим, когда он будет в пути."],
        link: orderLink(event.order, shop),
      };
    case "payment_failed":
      return {
        subject: `Оплата заказа №${event.order.number} не прошла`,
        sms: `оплата заказа №${event.order.number} не прошла: ${event.reason}`,
        lines: [
          `Оплата заказа №${event.order.number} не прошла: ${sentenceEnd(event.reason)}`,
          "Заказ сохранён: оплатить ещё раз можно на странице заказа.",
        ].concat(deadline(event.order, now) ? [`Оплатите до ${deadline(event.order, now)} (МСК).`] : []),
        link: orderLink(event.order, shop),
      };
    case "order_shipped":
      return shippedContent(event.order, event.trackingNumber, shop);
    case "order_ready_for_pickup":
      return readyContent(event.order, shop);
    case "pickup_reminder":
      return {
        subject: `Завтра ждём вас в офисе: заказ №${event.order.number}`,
        sms: `завтра, ${event.slot}, ждём вас за заказом №${event.order.number}: ${officeAddressText}. Возьмите паспорт.`,
        lines: [
          `Напоминаем: завтра, ${event.slot}, вы записаны за заказом №${event.order.number}.`,
          officePlaceText(shop.officeHours ?? defaultOfficeHoursText),
          `Если планы изменились, позвоните нам: ${shop.phone}.`,
        ],
        link: orderLink(event.order, shop),
      };
    case "order_completed":
      return {
        subject: `Заказ №${event.order.number} выполнен`,
        sms: `заказ №${event.order.number} выполнен. Спасибо за покупку!`,
        lines: [`Заказ №${event.order.number} выполнен. Спасибо, что выбрали ${shop.name}!`],
        link: orderLink(event.order, shop),
      };
    case "order_cancelled":
      return {
        subject: `Заказ №${event.order.number} отменён`,
        sms: `заказ №${event.order.number} отменён: ${event.reason}`,
        lines: [`Заказ №${event.order.number} отменён.`, `Причина: ${sentenceEnd(event.reason)}`, `Вопросы: ${shop.phone}.`],
        link: orderLink(event.order, shop),
      };
    case "refund_made":
      return {
        subject: `Возврат по заказу №${event.order.number}`,
        sms: event.manner
          ? `возврат ${money(event.amount)} по заказу №${event.order.number}: деньги ${event.manner}.`
          : `возврат ${money(event.amount)} по заказу №${event.order.number} оформлен.`,
        lines: [
          `Мы вернули ${money(event.amount)} по заказу №${event.order.number}.`,
          event.manner ? `Деньги ${event.manner}.` : "Деньги придут на карту или счёт, с которого была оплата; срок зачисления зависит от банка.",
        ],
        link: orderLink(event.order, shop),
      };
    case "return_requested":
    case "return_step":
      return returnStepContent(event.order, event.request, shop);
    case "buyback_received": {
      const { quote } = event.request;
      const held = quote ? `Цена ${money(quote.total)} зафиксирована до ${paymentDeadlineText(quote.lockedUntil, now)} (МСК).` : "";
      return {
        subject: `Заявка на выкуп ${buybackRef(event.request)} получена`,
        sms: [`заявка на выкуп ${buybackRef(event.request)} получена.`, held, "Мы перезвоним в рабочее время."].filter(Boolean).join(" "),
        lines: [`Заявка на выкуп ${buybackRef(event.request)} получена.`, held, "Мы перезвоним в рабочее время."].filter(Boolean),
        link: quote ? `${shop.publicUrl}/my/buyback` : null,
      };
    }
    case "buyback_answered":
      return {
        subject: `Ответ по заявке на выкуп ${buybackRef(event.request)}`,
        sms: `по заявке на выкуп ${buybackRef(event.request)}: ${event.request.answer ?? ""}`.trim(),
        lines: [`Ответ по заявке на выкуп ${buybackRef(event.request)}:`, event.request.answer ?? ""],
        link: `${shop.publicUrl}/my/buyback`,
      };
    case "alert_price_below": {
      const { alert } = event;
      return {
        subject: `Цена снизилась: ${alert.coin.name}`,
        sms: `«${alert.coin.name}» теперь ${money(alert.price)} (вы ждали ниже ${money(alert.threshold ?? 0)}). ${coinLink(alert, shop)}`,
        lines: [
          `Цена монеты «${alert.coin.name}» — ${money(alert.price)}, ниже ${money(alert.threshold ?? 0)}, как вы просили сообщить.`,
          "Цена следует за котировками металла и может измениться.",
        ],
        link: coinLink(alert, shop),
        linkText: "Открыть монету на сайте",
        unsubscribe: unsubscribeLink(alert, shop),
      };
    }
    case "alert_in_stock": {
      const { alert } = event;
      return {
        subject: `Снова в наличии: ${alert.coin.name}`,
        sms: `«${alert.coin.name}» снова в наличии, ${money(alert.price)}. ${coinLink(alert, shop)}`,
        lines: [`Монета «${alert.coin.name}» снова в наличии. Цена сейчас — ${money(alert.price)}.`],
        link: coinLink(alert, shop),
        linkText: "Открыть монету на сайте",
        unsubscribe: unsubscribeLink(alert, shop),
      };
    }
    case "launch_opened": {
      const { launch } = event;
      const link = `${shop.publicUrl}/products/${launch.coin.slug}`;
      const cap = launch.buyerCap !== null ? ` Не более ${launch.buyerCap} шт. в одни руки.` : "";
      return {
        subject: `Начались продажи: ${launch.coin.name}`,
        sms: `начались продажи монеты «${launch.coin.name}».${cap} ${link}`,
        lines: [`Начались продажи монеты «${launch.coin.name}», о которых вы просили сообщить.${cap}`, "Тираж ограничен: монета может быстро закончиться."],
        link,
        linkText: "Открыть монету на сайте",
      };
    }
    case "preorder_waiting": {
      const { preorder } = event;
      const link = `${shop.publicUrl}/my/preorders`;
      return {
        subject: `Предзаказ в очереди: ${preorder.coin.name}`,
        sms: `продажи «${preorder.coin.name}» начались, монет на все предзаказы не хватило: ваш предзаказ (${preorder.quantity} шт.) ${preorder.place}-й в очереди. Если заказ впереди не оплатят, монеты перейдут вам. ${link}`,
        lines: [
          `Продажи монеты «${preorder.coin.name}» начались, и монет в наличии хватило не на все предзаказы.`,
          `Ваш предзаказ (${preorder.quantity} шт.) — ${preorder.place}-й в очереди. Если заказ по предзаказу впереди не оплатят в срок, монеты перейдут следующему в очереди, и мы сразу сообщим вам о заказе.`,
          "Отменить предзаказ можно в личном кабинете.",
        ],
        link,
        linkText: "Мои предзаказы",
      };
    }
    case "preorder_needs_identification": {
      const { preorder } = event;
      const link = `${shop.publicUrl}/products/${preorder.coin.slug}`;
      return {
        subject: `Предзаказ закрыт: нужна идентификация — ${preorder.coin.name}`,
        sms: `предзаказ «${preorder.coin.name}» закрыт: по цене на старте продаж заказ требует идентификации покупателя (115-ФЗ). Оформите заказ в корзине, указав паспортные данные. ${link}`,
        lines: [
          `Продажи монеты «${preorder.coin.name}» начались, но заказ по вашему предзаказу (${preorder.quantity} шт.) по цене на старте продаж требует идентификации покупателя по закону № 115-ФЗ, а паспортные данные для него не указаны.`,
          "Поэтому предзаказ закрыт, а его монеты перешли следующему в очереди. Купить монету можно обычным заказом: при оформлении укажите паспортные данные.",
        ],
        link,
        linkText: "Открыть монету на сайте",
      };
    }
    case "preorder_cancelled_by_shop": {
      const { preorder } = event;
      const link = `${shop.publicUrl}/my/preorders`;
      return {
        subject: `Предзаказ отменён магазином: ${preorder.coin.name}`,
        sms: `предзаказ «${preorder.coin.name}» (${preorder.quantity} шт.) отменён магазином: ${sentenceEnd(event.reason)} Деньги не списывались. ${link}`,
        lines: [
          `Ваш предзаказ монеты «${preorder.coin.name}» (${preorder.quantity} шт.) отменён магазином.`,
          `Причина: ${sentenceEnd(event.reason)}`,
          "Деньги за предзаказ не списывались.",
          `Вопросы: ${shop.phone}.`,
        ],
        link,
        linkText: "Мои предзаказы",
      };
    }
    case "payment_surplus":
      return {
        subject: `Заказ №${event.order.number} оплачен дважды`,
        sms: `заказ №${event.order.number} оплачен дважды; лишние ${money(event.amount)} вернём.`,
        lines: [`Заказ №${event.order.number} оплачен дважды: лишние ${money(event.amount)} мы вернём автоматически, о возврате придёт отдельное сообщение.`],
        link: orderLink(event.order, shop),
      };
    case "payment_after_cancel":
    case "refund_failed":
    case "order_on_review":
      // Staff only (notificationRoutes); a buyer hears of the refund through refund_made.
      return staffContent(event, shop);
  }
}

/**
 * The order is on its way, as its delivery goes: CDEK (a point, a locker or CDEK's courier) with
 * the tracking number; the shop's own courier (special delivery) without one, to the address.
 */
function shippedContent(order: OrderFacts, trackingNumber: string, shop: ShopFacts): Content {
  if (order.deliveryKind === "special") {
    return {
      subject: `Заказ №${order.number} передан курьеру`,
      sms: `заказ №${order.number} передан курьеру магазина. Мы позвоним, чтобы договориться о времени доставки.`,
      lines: [
        `Заказ №${order.number} передан курьеру магазина.`,
        `Доставка: ${order.delivery}`,
        "Мы позвоним, чтобы договориться о времени. Курьер вручит заказ получателю лично, по паспорту.",
        ...(order.paysOnline || order.paysByInvoice ? [] : [`Оплата при получении — наличными или картой: ${money(order.total)}.`]),
      ],
      link: orderLink(order, shop),
    };
  }
  const toTheDoor = order.deliveryKind === "courier";
  return {
    subject: `Заказ №${order.number} отправлен`,
    sms: `заказ №${order.number} отправлен. Трек-номер СДЭК: ${trackingNumber}`,
    lines: [
      `Заказ №${order.number} передан в службу доставки.`,
      `Доставка: ${order.delivery}`,
      `Трек-номер СДЭК: ${trackingNumber}`,
      `Отследить: ${cdekTrackingUrl(trackingNumber)}`,
      toTheDoor ? "Курьер СДЭК позвонит перед доставкой." : "Когда посылка придёт, СДЭК пришлёт SMS. При получении понадобится паспорт.",
    ],
    link: orderLink(order, shop),
  };
}

/**
 * Ready to be collected: at the office (its address and hours) or where the delivery says. The
 * statuses offer it only for office pickup; a delivery to the door, were it ever marked so, is
 * told that the shop will call, never to take a passport somewhere.
 */
function readyContent(order: OrderFacts, shop: ShopFacts): Content {
  const subject = `Заказ №${order.number} готов к выдаче`;
  const link = orderLink(order, shop);
  if (goesToTheDoor(order.deliveryKind)) {
    const sms = `заказ №${order.number} собран. Мы позвоним, чтобы договориться о времени доставки.`;
    return {
      subject: `Заказ №${order.number} собран`,
      sms,
      lines: [`Заказ №${order.number} собран.`, `Доставка: ${order.delivery}`, "Мы позвоним, чтобы договориться о времени доставки."],
      link,
    };
  }
  if (order.deliveryKind === "office") {
    return {
      subject,
      sms: `заказ №${order.number} готов к выдаче в офисе: ${officeAddressText}.${order.pickupSlot ? ` Ждём вас ${order.pickupSlot}.` : ""} Возьмите паспорт.`,
      lines: [`${subject}.`, ...(order.pickupSlot ? [`Вы записаны: ${order.pickupSlot}.`] : []), officePlaceText(shop.officeHours ?? defaultOfficeHoursText)],
      link,
    };
  }
  return {
    subject,
    sms: `заказ №${order.number} готов к выдаче. Возьмите паспорт.`,
    lines: [sentenceEnd(`${subject}: ${order.delivery}`), "При получении понадобится паспорт."],
    link,
  };
}

function buyerLine(order: OrderFacts): string {
  return [order.buyer.name, order.buyer.phone, order.buyer.email].filter(Boolean).join(", ");
}

function staffContent(event: NotificationEvent, shop: ShopFacts): Content {
  switch (event.kind) {
    case "order_placed":
      // A served pre-order is named so: the buyer's place in the line made it, not a checkout.
      return staffOrder(`Новый заказ №${event.order.number}${event.order.fromPreorder ? " по предзаказу" : ""} на ${money(event.order.total)}`, event.order, [
        event.order.paysByInvoice ? "Оплата по счёту: ждём перевод" : event.order.paysOnline ? "Оплата онлайн: ждём оплату" : "Оплата при получении",
      ]);
    case "order_on_review":
      return {
        ...staffOrder(`Заказ №${event.order.number} задержан на проверку (115-ФЗ)`, event.order, [
          `Покупатель совпал по ФИО и дате рождения с записью №${event.subjectId} перечня Росфинмониторинга${event.listDate ? ` от ${event.listDate}` : ""}.`,
          "Заказ не оплачивается и не собирается до решения ответственного за внутренний контроль. Покупателю о причине не сообщайте.",
        ]),
        link: `${shop.publicUrl}/admin/compliance/orders/${event.order.number}`,
      };
    case "order_paid":
      return staffOrder(`Оплачен заказ №${event.order.number}: ${money(event.order.total)}`, event.order, ["Можно собирать."]);
    case "order_cancelled":
      return staffOrder(`Отменён заказ №${event.order.number}`, event.order, [`Причина: ${event.reason}`]);
    case "refund_made":
      return staffOrder(`Возврат ${money(event.amount)} по заказу №${event.order.number}`, event.order, event.manner ? [`Деньги ${event.manner}.`] : []);
    case "payment_after_cancel":
      return staffOrder(`Оплата ${money(event.amount)} пришла за отменённый заказ №${event.order.number}`, event.order, [
        event.refunded
          ? "Возврат оформляется автоматически; если он не пройдёт, придёт отдельное сообщение."
          : "Верните деньги вручную в кабинете платёжного сервиса.",
      ]);
    case "payment_surplus":
      return staffOrder(`Вторая оплата ${money(event.amount)} за уже оплаченный заказ №${event.order.number}`, event.order, [
        "Возврат оформляется автоматически; если он не пройдёт, придёт отдельное сообщение.",
      ]);
    case "refund_failed":
      return staffOrder(`Возврат ${money(event.amount)} по заказу №${event.order.number} не прошёл`, event.order, [
        `Причина: ${event.reason}`,
        "Магазин повторит попытку через час; можно вернуть деньги вручную в кабинете платёжного сервиса.",
      ]);
    case "return_requested":
    case "return_step":
      return staffOrder(`Возврат №${event.request.id} по заказу №${event.order.number}: ${returnStepWords[event.request.step]}`, event.order, [
        `Вернуть: ${event.request.lines.join(", ")} (${money(event.request.amount)})`,
        `${shop.publicUrl}/admin/returns/${event.request.id}`,
      ]);
    case "buyback_received":
      return {
        subject: `Заявка на выкуп ${buybackRef(event.request)}`,
        sms: `заявка на выкуп ${buybackRef(event.request)}`,
        lines: [
          `${event.request.name}, ${event.request.phone}`,
          `Монеты: ${event.request.items}`,
          ...(event.request.quote ? [`Цена ${money(event.request.quote.total)} до ${formatDateTime(event.request.quote.lockedUntil)} (МСК)`] : []),
        ],
        link: `${shop.publicUrl}/admin/buyback/${event.request.id}`,
      };
    default: {
      const order = "order" in event ? event.order : undefined;
      return {
        subject: order ? `Заказ №${order.number}: ${event.kind}` : event.kind,
        sms: order ? `заказ №${order.number}` : event.kind,
        lines: [],
        link: null,
      };
    }
  }
  function staffOrder(subject: string, order: OrderFacts, extra: string[]): Content {
    // No link yet: staff open orders with `npm run orders -- show NUMBER` until the back office lands.
    return { subject, sms: subject, lines: [`Покупатель: ${buyerLine(order)}`, `Доставка: ${order.delivery}`, ...coins(order), ...extra], link: null };
  }
}

const returnStepWords: Record<ReturnFacts["step"], string> = {
  requested: "новая заявка",
  approved: "одобрен",
  received: "монеты получены",
  refused: "отказ",
};

/** A return's step as the buyer hears of it: what happens next, and where the coins go. */
function returnStepContent(order: OrderFacts, request: ReturnFacts, shop: ShopFacts): Content {
  const ref = `Заявка на возврат №${request.id} по заказу №${order.number}`;
  const link = `${shop.publicUrl}/my/orders/${order.id}/return`;
  const what = `Возврат: ${request.lines.join(", ")} на ${money(request.amount)}.`;
  switch (request.step) {
    case "requested":
      return {
        subject: `${ref} принята`,
        sms: `заявка на возврат по заказу №${order.number} принята. Мы ответим в течение рабочего дня.`,
        lines: [`${ref} принята.`, what, "Мы ответим в течение рабочего дня и скажем, куда передать монеты."],
        link,
        linkText: "Открыть заявку",
      };
    case "approved":
      return {
        subject: `${ref} одобрена`,
        sms: `возврат по заказу №${order.number} одобрен. Передайте монеты: ${request.address}.`,
        lines: [`${ref} одобрена.`, what, `Принесите или отправьте монеты в оригинальной упаковке: ${request.address}.`],
        link,
        linkText: "Открыть заявку",
      };
    case "received":
      return {
        subject: `Монеты по заявке на возврат №${request.id} получены`,
        sms: `монеты по возврату заказа №${order.number} получены. Деньги вернём в течение 10 дней со дня заявки.`,
        lines: [
          `Мы получили монеты по заявке на возврат №${request.id} (заказ №${order.number}).`,
          what,
          "Деньги вернём не позднее 10 дней со дня заявки тем же способом, которым была оплата.",
        ],
        link,
        linkText: "Открыть заявку",
      };
    case "refused":
      return {
        subject: `${ref}: отказ`,
        sms: `в возврате по заказу №${order.number} отказано: ${sentenceEnd(request.refusal ?? "")}`,
        lines: [`${ref} отклонена.`, `Причина: ${sentenceEnd(request.refusal ?? "")}`, `Если вы не согласны, позвоните нам: ${shop.phone}.`],
        link,
        linkText: "Открыть заявку",
      };
  }
}

function contactsLine(shop: ShopFacts): string {
  return `${shop.name} · ${shop.phone} · ${shop.email} · ${shop.publicUrl}`;
}

function emailText(content: Content, shop: ShopFacts): string {
  const unsubscribe = content.unsubscribe ? ["", `Отписаться от этого уведомления: ${content.unsubscribe}`] : [];
  return [
    ...content.lines,
    ...(content.link ? ["", `Подробнее: ${content.link}`] : []),
    ...unsubscribe,
    ...(content.terms ? ["", content.terms] : []),
    "",
    "—",
    contactsLine(shop),
    ...(shop.seller ? [shop.seller] : []),
  ].join("\n");
}

function emailHtml(content: Content, shop: ShopFacts): string {
  const paragraphs = content.lines.map((line) => `<p style="margin:0 0 8px">${escapeMarkup(line)}</p>`).join("\n");
  const link = content.link
    ? `<p style="margin:16px 0"><a href="${escapeMarkup(content.link)}">${escapeMarkup(content.linkText ?? "Открыть заказ на сайте")}</a></p>`
    : "";
  const unsubscribe = content.unsubscribe
    ? `\n<p style="font-size:13px;color:#555;margin:0 0 8px"><a href="${escapeMarkup(content.unsubscribe)}">Отписаться от этого уведомления</a></p>`
    : "";
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>${escapeMarkup(content.subject)}</title></head>
<body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.45;color:#1c1a17">
<h1 style="font-size:20px;margin:0 0 12px">${escapeMarkup(content.subject)}</h1>
${paragraphs}
${link}
${content.terms ? `<p style="font-size:13px;color:#555;margin:16px 0 0">${escapeMarkup(content.terms)}</p>\n` : ""}<hr style="border:none;border-top:1px solid #ddd;margin:20px 0 8px">${unsubscribe}
<p style="font-size:13px;color:#555;margin:0">${escapeMarkup(shop.name)} · <a href="tel:${escapeMarkup(shop.phone.replace(/[^\d+]/g, ""))}">${escapeMarkup(shop.phone)}</a> · <a href="mailto:${escapeMarkup(shop.email)}">${escapeMarkup(shop.email)}</a> · <a href="${escapeMarkup(shop.publicUrl)}">${escapeMarkup(shop.publicUrl.replace(/^https?:\/\//, ""))}</a></p>
${shop.seller ? `<p style="font-size:12px;color:#555;margin:4px 0 0">${escapeMarkup(shop.seller)}</p>\n` : ""}</body></html>`;
}
