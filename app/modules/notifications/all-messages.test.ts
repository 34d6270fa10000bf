// Every message the shop can send, rendered for every delivery kind of the checkout and every way
// to pay, from orders as the checkout stores them, and read the way a buyer or a packer reads it:
// where the coins go is said (the door's address for a courier or special delivery, the point for
// a pickup point or locker, the office for office pickup), nothing says «[object Object]»,
// «undefined», «NaN» or «null», no doubled or glued full stops, and no message tells a buyer whose
// coins come to the door to take a passport somewhere.
import { describe, expect, it } from "vitest";
import { leakedValues, punctuationSlips } from "#tests/support/text-checks.ts";
import { DELIVERY_LABELS } from "../delivery/labels.ts";
import { officeAddressText } from "../delivery/notes.ts";
import { DELIVERY_IDS, type DeliveryId } from "../delivery/rules.ts";
import { orderFactsOf } from "../orders/lifecycle.server.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { type NotificationAudience, type NotificationEvent, notificationChannels, notificationRoutes, type OrderFacts } from "./events.ts";
import { renderMessage, type ShopFacts } from "./templates.ts";

const shop: ShopFacts = {
  name: "Аурум",
  publicUrl: "https://aurum.example",
  phone: "+7 (495) 269-69-99",
  email: "info@aurum.example",
  seller: "ООО «Аурум Монеты», ИНН 7701999993",
  returnTerms: "Возврат: в течение 7 дней после получения, если монеты сохранили товарный вид.",
};
const now = new Date("2026-11-23T10:35:00Z");

const courierAddress = { street: "ул. Тверская", house: "д. 7", room: "12", entrance: "2", floor: "5", message: "Домофон не работает." };
const courierAddressText = "ул. Тверская, д. 7, кв./оф. 12, подъезд 2, этаж 5";
const point = { code: "DP0101", address: "Пункт выдачи «Центральный», ул. Кирова, 38" };

/** orders.delivery as the checkout writes it for each delivery id (checkout-action.server.ts). */
function storedDelivery(id: DeliveryId) {
  const courier = id === DELIVERY_IDS.courier || id === DELIVERY_IDS.freeCourier || id === DELIVERY_IDS.specialContact;
  const atPoint = !courier && id !== DELIVERY_IDS.officePickup;
  const type = id === DELIVERY_IDS.officePickup ? "pickup" : id === DELIVERY_IDS.specialContact ? "specialcontact" : "sdek";
  return {
    id,
    name: DELIVERY_LABELS[id],
    type,
    courier,
    point: atPoint ? point.code : null,
    pointAddress: atPoint ? point.address : null,
    address: courier ? courierAddress : null,
    minDays: 1,
    maxDays: 3,
    promotion: null,
  };
}

/** Where a reader must learn the coins go, by delivery id. */
function placeOf(id: DeliveryId): string {
  if (id === DELIVERY_IDS.officePickup) return officeAddressText;
  if (id === DELIVERY_IDS.courier || id === DELIVERY_IDS.freeCourier || id === DELIVERY_IDS.specialContact) return courierAddressText;
  return point.address;
}

function factsOf(id: DeliveryId, paymentId: number): OrderFacts {
  return orderFactsOf(
    {
      id: 42,
      number: "2026-000042",
      total: 84_065,
      delivery: storedDelivery(id),
      city: { code: "0000073738", name: "Москва" },
      paymentId,
      contact: { name: "Иван", lastName: "Петров", secondName: "", email: "ivan@example.ru", phone: "+79161112233" },
      paymentDueAt: paymentId === PAYMENT_IDS.online ? new Date(now.getTime() + 60 * 60_000) : null,
    },
    [{ name: "Георгий Победоносец 50 ₽ ММД", quantity: 2 }],
    { phone: "+79161112233", email: "ivan@example.ru" },
  );
}

/** Every order event, with a reason that ends in a full stop as a typed one may. */
function orderEvents(order: OrderFacts): NotificationEvent[] {
  return [
    { kind: "order_placed", order },
    { kind: "order_paid", order },
    { kind: "order_on_review", order, subjectId: "1234", listDate: "01.11.2026" },
    { kind: "payment_failed", order, reason: "Банк отклонил платёж.", attemptId: 1 },
    { kind: "order_shipped", order, trackingNumber: "1234567890" },
    { kind: "order_ready_for_pickup", order },
    { kind: "order_completed", order },
    { kind: "order_cancelled", order, reason: "Монеты нет в наличии." },
    { kind: "refund_made", order, amount: 21_000, refundId: 1 },
    { kind: "refund_failed", order, amount: 21_000, refundId: 1, reason: "Сервис не ответил." },
    { kind: "payment_after_cancel", order, amount: 84_065, attemptId: 2, refunded: true },
    ...(["requested", "approved", "received", "refused"] as const).map((step): NotificationEvent => ({
      kind: step === "requested" ? "return_requested" : "return_step",
      order,
      request: {
        id: 5,
        step,
        lines: ["Георгий Победоносец 50 ₽ ММД × 1"],
        amount: 42_000,
        address: "Москва, ул. Мясницкая, д. 24/7",
        ...(step === "refused" ? { refusal: "Капсула вскрыта." } : {}),
        ...(step === "received" ? { sellable: true } : {}),
      },
    })),
  ];
}

/** A buyer's pre-order of two pieces, as the pre-order events tell it. */
const sobolPreorder = { buyer: { name: "Иван", phone: "+79161112233", email: "ivan@example.ru" }, coin: { name: "Соболь", slug: "sobol" }, quantity: 2 };

const otherEvents: NotificationEvent[] = [
  {
    kind: "buyback_received",
    request: {
      id: 12,
      quoteNumber: "В-000012",
      name: "Пётр",
      phone: "+79035556677",
      items: "Соболь × 3",
      quote: { total: 163_086, lockedUntil: "2026-11-23T11:05:00Z" },
    },
  },
  { kind: "buyback_received", request: { id: 13, name: "Пётр", phone: "+79035556677", items: "Соболь × 3" } },
  {
    kind: "buyback_answered",
    request: { id: 12, quoteNumber: "В-000012", name: "Пётр", phone: "+79035556677", items: "Соболь × 3", answer: "Ждём вас в офисе." },
  },
  ...(["alert_price_below", "alert_in_stock"] as const).map((kind): NotificationEvent => ({
    kind,
    alert: {
      id: 7,
      channel: "email",
      buyer: { name: "Иван", phone: "+79161112233", email: "ivan@example.ru" },
      coin: { name: "Соболь", slug: "sobol" },
      price: 94_500,
      threshold: 95_000,
      day: "2026-11-23",
      token: "abc",
    },
  })),
  {
    kind: "launch_opened",
    launch: {
      id: 3,
      channel: "sms",
      buyer: { name: "Иван", phone: "+79161112233", email: "ivan@example.ru" },
      coin: { name: "Соболь", slug: "sobol" },
      buyerCap: 2,
    },
  },
  { kind: "preorder_waiting", preorder: { ...sobolPreorder, id: 4, place: 3 } },
  { kind: "preorder_cancelled_by_shop", preorder: { ...sobolPreorder, id: 5 }, reason: "монетный двор сократил поставку" },
];

type Rendered = { label: string; event: NotificationEvent; audience: NotificationAudience; channel: string; text: string };

/** Each event rendered for every audience and channel its route sends it by (the channels the outbox writes). */
function renderAll(events: NotificationEvent[], label: string): Rendered[] {
  return events.flatMap((event) =>
    (["buyer", "staff"] as const).flatMap((audience) =>
      notificationChannels
        .filter((channel) => notificationRoutes[event.kind][audience].includes(channel))
        .map((channel) => {
          const message = renderMessage(event, audience, channel, shop, now);
          return { label: `${label} ${event.kind} ${audience} ${channel}`, event, audience, channel, text: [message.subject, message.text].join("\n") };
        }),
    ),
  );
}

const deliveryIds = Object.values(DELIVERY_IDS) as DeliveryId[];
const paymentIds = Object.values(PAYMENT_IDS);
const rendered = [
  ...deliveryIds.flatMap((id) => paymentIds.flatMap((paymentId) => renderAll(orderEvents(factsOf(id, paymentId)), `delivery ${id}, payment ${paymentId}:`))),
  ...renderAll(otherEvents, "other:"),
];

const idOf = (label: string) => Number(/^delivery (\d+)/.exec(label)![1]) as DeliveryId;

describe("every message, for every delivery kind and way to pay", () => {
  it("puts the return terms under every e-mail to a buyer about an order, and under no other", () => {
    const emails = rendered.filter((message) => message.channel === "email" && message.audience === "buyer");
    const withTerms = emails.filter((message) => message.text.includes(shop.returnTerms!));
    expect(withTerms.map((message) => message.label)).toEqual(emails.filter((message) => "order" in message.event).map((message) => message.label));
    expect(withTerms.length).toBeGreaterThan(deliveryIds.length * paymentIds.length);
  });

  it("renders them all (a guard against an empty table)", () => {
    expect(rendered.length).toBeGreaterThan(deliveryIds.length * paymentIds.length * 10);
  });

  it("never prints a value that was not turned into words", () => {
    expect(
      rendered.filter((message) => leakedValues(message.text).length > 0).map((message) => `${message.label}: ${leakedValues(message.text).join(", ")}`),
    ).toEqual([]);
  });

  it("has no doubled full stop and no full stop glued to the next word", () => {
    expect(rendered.flatMap((message) => punctuationSlips(message.text).map((slip) => `${message.label}: ${slip}`))).toEqual([]);
  });

  it("says where the coins go wherever it names the delivery: the door's address, the point, or the office", () => {
    const naming = rendered.filter((message) => "order" in message.event && message.text.includes("Доставка"));
    expect(naming.length).toBeGreaterThan(deliveryIds.length);
    const missing = naming.filter((message) => !message.text.includes(placeOf(idOf(message.label))));
    expect(missing.map((message) => message.label)).toEqual([]);
  });

  it("tells the buyer of an order placed where it goes, in the e-mail", () => {
    for (const id of deliveryIds) {
      for (const paymentId of paymentIds) {
        const email = renderMessage({ kind: "order_placed", order: factsOf(id, paymentId) }, "buyer", "email", shop, now);
        expect(email.text, `delivery ${id}`).toContain(placeOf(id));
        expect(email.html, `delivery ${id}`).toContain(placeOf(id));
      }
    }
  });
});

describe("the steps after assembling, by delivery kind", () => {
  it("a courier or special delivery is never told to take a passport somewhere; the shop's own courier brings it to the address, without a tracking number", () => {
    for (const id of [DELIVERY_IDS.courier, DELIVERY_IDS.freeCourier, DELIVERY_IDS.specialContact]) {
      for (const paymentId of paymentIds) {
        const texts = rendered.filter((message) => message.label.startsWith(`delivery ${id}, payment ${paymentId}:`) && message.audience === "buyer");
        expect(texts.filter((message) => /Возьмите паспорт/.test(message.text)).map((message) => message.label)).toEqual([]);
      }
    }
    const special = factsOf(DELIVERY_IDS.specialContact, PAYMENT_IDS.onReceipt);
    const sms = renderMessage({ kind: "order_shipped", order: special, trackingNumber: "" }, "buyer", "sms", shop, now);
    expect(sms.text).toBe("Аурум: заказ №2026-000042 передан курьеру магазина. Мы позвоним, чтобы договориться о времени доставки.");
    const email = renderMessage({ kind: "order_shipped", order: special, trackingNumber: "" }, "buyer", "email", shop, now);
    expect(email.text).toContain(courierAddressText);
    expect(email.text).not.toContain("СДЭК");
    expect(email.text).toContain("Оплата при получении");
  });

  it("office pickup: ready for pickup with the office's address, its hours and the passport", () => {
    const office = factsOf(DELIVERY_IDS.officePickup, PAYMENT_IDS.online);
    const sms = renderMessage({ kind: "order_ready_for_pickup", order: office }, "buyer", "sms", shop, now);
    expect(sms.text).toBe(`Аурум: заказ №2026-000042 готов к выдаче в офисе: ${officeAddressText}. Возьмите паспорт.`);
    const email = renderMessage({ kind: "order_ready_for_pickup", order: office }, "buyer", "email", shop, now);
    expect(email.text).toContain(officeAddressText);
    expect(email.text).toContain("Часы работы");
  });

  it("office pickup booked for a time: the order, the ready message and the day-before reminder say when", () => {
    const slot = "пт, 4 декабря, 10:00–11:00 (МСК)";
    const office = { ...factsOf(DELIVERY_IDS.officePickup, PAYMENT_IDS.online), pickupSlot: slot };
    const placed = renderMessage({ kind: "order_placed", order: office }, "buyer", "sms", shop, now);
    expect(placed.text).toContain(`Самовывоз из офиса: ${slot}.`);
    const ready = renderMessage({ kind: "order_ready_for_pickup", order: office }, "buyer", "sms", shop, now);
    expect(ready.text).toContain(`Ждём вас ${slot}.`);
    for (const channel of ["sms", "email"] as const) {
      const reminder = renderMessage({ kind: "pickup_reminder", order: office, slot }, "buyer", channel, shop, now);
      expect(reminder.text).toContain(`завтра, ${slot}`);
      expect(reminder.text).toContain(officeAddressText);
      expect(leakedValues(reminder.text)).toEqual([]);
      expect(punctuationSlips(reminder.text)).toEqual([]);
    }
  });
});

describe("pre-orders", () => {
  it("an order served from a pre-order says so in its SMS, e-mail subject and body, and in the staff's notice", () => {
    const stored = {
      id: 7,
      number: "2026-000007",
      total: 15_488,
      delivery: storedDelivery(DELIVERY_IDS.officePickup),
      city: { code: "0000073738", name: "Москва" },
      paymentId: PAYMENT_IDS.online,
      contact: { name: "Иван", lastName: "Петров", secondName: "", email: "ivan@example.ru", phone: "+79161112233" },
      paymentDueAt: new Date(now.getTime() + 60 * 60_000),
      checkoutToken: "preorder:12",
    };
    const order = orderFactsOf(stored, [{ name: "Кенгуру 1 унция", quantity: 2 }], { phone: "+79161112233", email: "ivan@example.ru" });
    expect(order.fromPreorder).toBe(true);
    const sms = renderMessage({ kind: "order_placed", order }, "buyer", "sms", shop, now);
    expect(sms.text).toMatch(/^Аурум: заказ №2026-000007 по предзаказу на 15\s488\s₽ принят\. Оплатите до /);
    const email = renderMessage({ kind: "order_placed", order }, "buyer", "email", shop, now);
    expect(email.subject).toContain("Заказ №2026-000007 по предзаказу принят");
    expect(email.text).toContain("по вашему предзаказу создан заказ №2026-000007");
    // The staff's notice names it too.
    expect(renderMessage({ kind: "order_placed", order }, "staff", "email", shop, now).subject).toContain("Новый заказ №2026-000007 по предзаказу на 15");
    // An ordinary checkout's token says nothing of the kind.
    expect(orderFactsOf({ ...stored, checkoutToken: "0b6f3c1e-preorder:1" }, [], undefined).fromPreorder).toBeUndefined();
  });

  it("a pre-order staff cancelled: the coin, the pieces, the reason, and that nothing was charged", () => {
    const event: NotificationEvent = { kind: "preorder_cancelled_by_shop", preorder: { ...sobolPreorder, id: 5 }, reason: "монетный двор сократил поставку" };
    expect(renderMessage(event, "buyer", "sms", shop, now).text).toBe(
      "Аурум: предзаказ «Соболь» (2 шт.) отменён магазином: монетный двор сократил поставку. Деньги не списывались. https://aurum.example/my/preorders",
    );
    const email = renderMessage(event, "buyer", "email", shop, now);
    expect(email.text).toContain("Причина: монетный двор сократил поставку.");
    expect(email.text).toContain("Деньги за предзаказ не списывались.");
  });
});
