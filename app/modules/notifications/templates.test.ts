import { describe, expect, it } from "vitest";
import { formatMoney } from "../shared/format.ts";
import type { OrderFacts } from "./events.ts";
import { cdekTrackingUrl } from "../delivery/tracking.ts";
import { renderMessage, type ShopFacts } from "./templates.ts";

const shopFacts: ShopFacts = { name: "Аурум", publicUrl: "https://aurum.example", phone: "+7 (495) 269-69-99", email: "info@aurum.example" };

const placedAt = new Date("2026-11-23T10:35:00Z"); // 13:35 in Moscow
const order: OrderFacts = {
  id: 42,
  number: "2026-000042",
  total: 84065,
  delivery: "Пункт выдачи СДЭК: Москва, ул. Ленина, 1",
  deliveryKind: "point",
  paysOnline: true,
  buyer: { name: "Иван", phone: "+79161112233", email: "ivan@example.ru" },
  lines: [{ name: "Георгий Победоносец 50 ₽ ММД", quantity: 2 }],
  paymentDueAt: new Date(placedAt.getTime() + 60 * 60_000).toISOString(),
};

describe("notification texts", () => {
  it("tells the buyer the order number, the amount as the site writes it and the payment deadline in Moscow time", () => {
    const sms = renderMessage({ kind: "order_placed", order }, "buyer", "sms", shopFacts, placedAt);
    expect(sms.text).toBe(`Аурум: заказ №2026-000042 на ${formatMoney(84065)} принят. Оплатите до 14:35 (МСК), иначе заказ будет отменён.`);
    expect(formatMoney(84065)).toMatch(/^84\s065\s₽$/);
    expect(sms.subject).toBe("");
    expect(sms.html).toBeNull();
  });

  it("writes an e-mail with a subject, a plain-text and an HTML part, the order link and the shop's contacts", () => {
    const email = renderMessage({ kind: "order_placed", order }, "buyer", "email", shopFacts, placedAt);
    expect(email.subject).toBe("Заказ №2026-000042 принят — Аурум");
    expect(email.text).toContain("Георгий Победоносец 50 ₽ ММД × 2");
    expect(email.text).toContain(`К оплате: ${formatMoney(84065)}`);
    expect(email.text).toContain("Подробнее: https://aurum.example/my/orders/42");
    expect(email.text).toContain("+7 (495) 269-69-99");
    expect(email.html).toContain('<a href="https://aurum.example/my/orders/42">');
    expect(email.html).toContain("info@aurum.example");
  });

  it("ends an e-mail with the seller's legal details, in both parts; SMS stay short", () => {
    const seller = "ООО «Аурум Монеты», ИНН 7701999993, ОГРН 1027700999996, Москва. Спецучёт в Пробирной палате: 77-001";
    const email = renderMessage({ kind: "order_placed", order }, "buyer", "email", { ...shopFacts, seller }, placedAt);
    expect(email.text.trim().split("\n").at(-1)).toBe(seller);
    expect(email.html).toContain("ООО «Аурум Монеты», ИНН 7701999993, ОГРН 1027700999996");
    expect(renderMessage({ kind: "order_placed", order }, "buyer", "sms", { ...shopFacts, seller }, placedAt).text).not.toContain("ИНН");
  });

  it("escapes what a buyer typed in the HTML part", () => {
    const hostile = { ...order, buyer: { ...order.buyer, name: "<script>alert(1)</script>" } };
    const email = renderMessage({ kind: "order_placed", order: hostile }, "buyer", "email", shopFacts, placedAt);
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
  });

  it("says payment on receipt instead of a deadline", () => {
    const sms = renderMessage({ kind: "order_placed", order: { ...order, paysOnline: false, paymentDueAt: null } }, "buyer", "sms", shopFacts, placedAt);
    expect(sms.text).toContain("Оплата при получении");
    expect(sms.text).not.toContain("Оплатите до");
  });

  it("carries the tracking number and CDEK's tracking link when shipped", () => {
    const sms = renderMessage({ kind: "order_shipped", order, trackingNumber: "1234567890" }, "buyer", "sms", shopFacts);
    expect(sms.text).toBe("Аурум: заказ №2026-000042 отправлен. Трек-номер СДЭК: 1234567890");
    const email = renderMessage({ kind: "order_shipped", order, trackingNumber: "1234567890" }, "buyer", "email", shopFacts);
    expect(email.text).toContain(cdekTrackingUrl("1234567890"));
    expect(cdekTrackingUrl("12 34")).toBe("https://www.cdek.ru/ru/tracking/?order_id=12%2034");
  });

  it("gives the reason of a cancellation", () => {
    const sms = renderMessage({ kind: "order_cancelled", order, reason: "Время на оплату истекло" }, "buyer", "sms", shopFacts);
    expect(sms.text).toBe("Аурум: заказ №2026-000042 отменён: Время на оплату истекло");
  });

  it("tells the staff who bought what, and warns of money that came for a cancelled order", () => {
    const placed = renderMessage({ kind: "order_placed", order }, "staff", "telegram", shopFacts, placedAt);
    expect(placed.text.split("\n")[0]).toBe(`Новый заказ №2026-000042 на ${formatMoney(84065)}`);
    expect(placed.text).toContain("Иван, +79161112233, ivan@example.ru");
    expect(placed.text).toContain("Георгий Победоносец 50 ₽ ММД × 2");
    const late = renderMessage({ kind: "payment_after_cancel", order, amount: 84065, attemptId: 7, refunded: false }, "staff", "telegram", shopFacts);
    expect(late.text).toContain("пришла за отменённый заказ №2026-000042");
    expect(late.text).toContain("Верните деньги вручную");
  });

  it("confirms a buy-back request to the seller and lists it for the staff", () => {
    const request = { id: 12, name: "Пётр", phone: "+79035556677", items: "Соболь × 3" };
    expect(renderMessage({ kind: "buyback_received", request }, "buyer", "sms", shopFacts).text).toBe(
      "Аурум: заявка на выкуп №12 получена. Мы перезвоним в рабочее время.",
    );
    const staff = renderMessage({ kind: "buyback_received", request }, "staff", "email", shopFacts);
    expect(staff.subject).toBe("Заявка на выкуп №12 — Аурум");
    expect(staff.text).toContain("Пётр, +79035556677");
    expect(staff.text).toContain("Монеты: Соболь × 3");
  });

  it("tells the seller the quote number and the price held until when, and every answer", () => {
    const now = new Date("2026-11-23T09:05:00Z");
    const request = {
      id: 42,
      quoteNumber: "В-000042",
      name: "Пётр",
      phone: "+79035556677",
      items: "Соболь, 2 шт.",
      quote: { total: 163_086, lockedUntil: "2026-11-23T09:35:00Z" },
    };
    expect(renderMessage({ kind: "buyback_received", request }, "buyer", "sms", shopFacts, now).text).toBe(
      "Аурум: заявка на выкуп В-000042 получена. Цена 163\u00a0086\u00a0₽ зафиксирована до 12:35 (МСК). Мы перезвоним в рабочее время.",
    );
    const staff = renderMessage({ kind: "buyback_received", request }, "staff", "telegram", shopFacts, now);
    expect(staff.text).toContain("/admin/buyback/42");
    const answered = renderMessage(
      { kind: "buyback_answered", request: { ...request, answer: "заявка отклонена. Причина: Медали не выкупаем." } },
      "buyer",
      "sms",
      shopFacts,
      now,
    );
    expect(answered.text).toBe("Аурум: по заявке на выкуп В-000042: заявка отклонена. Причина: Медали не выкупаем.");
  });
});

describe("alert texts", () => {
  const alert = {
    id: 7,
    channel: "email" as const,
    buyer: { name: "Иван", phone: "+79161112233", email: "ivan@example.ru" },
    coin: { name: "Георгий Победоносец 50 ₽ ММД", slug: "georgiy-pobedonosec-50-rubley-mmd" },
    price: 94_500,
    threshold: 95_000,
    day: "2026-11-23",
    token: "abcdefghijklmnopqrstuvwxyz012345",
  };

  it("tells of the price drop by SMS with the price, the limit and the coin's address", () => {
    const sms = renderMessage({ kind: "alert_price_below", alert: { ...alert, channel: "sms" } }, "buyer", "sms", shopFacts);
    expect(sms.text).toBe(
      `Аурум: «Георгий Победоносец 50 ₽ ММД» теперь ${formatMoney(94_500)} (вы ждали ниже ${formatMoney(95_000)}). https://aurum.example/products/georgiy-pobedonosec-50-rubley-mmd`,
    );
  });

  it("puts a working unsubscribe link in the e-mail, in both parts", () => {
    const mail = renderMessage({ kind: "alert_in_stock", alert }, "buyer", "email", shopFacts);
    expect(mail.subject).toBe("Снова в наличии: Георгий Победоносец 50 ₽ ММД — Аурум");
    const link = "https://aurum.example/alerts/unsubscribe/abcdefghijklmnopqrstuvwxyz012345";
    expect(mail.text).toContain(`Отписаться от этого уведомления: ${link}`);
    expect(mail.html).toContain(`<a href="${link}">Отписаться от этого уведомления</a>`);
    expect(mail.html).toContain("Открыть монету на сайте");
  });
});
