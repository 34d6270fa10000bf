import type { OrderStatus } from "../db/column-values.ts";
import { orderStatusLabels } from "../orders/statuses.ts";
import { PAYMENT_IDS, paymentMethodLabels } from "../payments/methods.ts";
import type { ReceiptVat } from "../tax/vat.ts";
import { encodeSingleByte } from "../shared/single-byte-encoding.ts";

/**
 * The orders the shop sends 1C at type=sale&mode=query (decision 048): a КоммерческаяИнформация
 * of CommerceML 2.08, one Документ «Заказ товара» per order, read by 1С:УТ 11, Розница and
 * МойСклад as they read Bitrix's sale.export.1c. Pure: the orders come in already read.
 */

export const SALE_SCHEMA_VERSION = "2.08";
/** The delivery's service line: Bitrix's Ид, which 1C's exchange settings map to a service. */
export const DELIVERY_GOOD_ID = "ORDER_DELIVERY";

export type SaleLine = {
  /** The good's Ид in 1C (products.exchange_id), else the SKU. */
  goodId: string;
  name: string;
  /** Whole roubles the buyer was charged per piece, and for the line. */
  price: number;
  quantity: number;
  sum: number;
  vat: ReceiptVat;
};

export type SaleOrder = {
  id: number;
  number: string;
  status: OrderStatus;
  paymentId: number;
  createdAt: Date;
  updatedAt: Date;
  total: number;
  comment: string;
  buyer: { id: number; lastName: string; name: string; secondName: string; phone: string; email: string };
  city: string;
  /** The delivery as staff read it ("Пункт выдачи СДЭК: Москва, …"). */
  address: string;
  lines: SaleLine[];
  /** The delivery's price (0: free, no service line) and its VAT. */
  delivery: { name: string; price: number; vat: ReceiptVat };
};

/**
 * Statuses in which an order counts as paid: an online order from its payment on; one paid on
 * receipt once it is handed over (the delivery service took the money).
 */
const PAID_ONLINE: readonly OrderStatus[] = ["paid", "assembling", "shipped", "ready_for_pickup", "completed"];
const PAID_ON_RECEIPT: readonly OrderStatus[] = ["completed"];

export function paidStatuses(paymentId: number): readonly OrderStatus[] {
  return paymentId === PAYMENT_IDS.onReceipt ? PAID_ON_RECEIPT : PAID_ONLINE;
}

export const isOrderPaid = (order: { status: OrderStatus; paymentId: number }) => paidStatuses(order.paymentId).includes(order.status);

export const paymentMethodNames: Record<number, string> = paymentMethodLabels;

/** Moscow date and time (UTC+3 all year) as CommerceML writes them: "2026-11-27", "19:05:00". */
export function moscowDateTime(date: Date): { date: string; time: string } {
  const iso = new Date(date.getTime() + 3 * 3_600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

const money = (roubles: number) => roubles.toFixed(2);
const vatRate = (vat: ReceiptVat) => (vat === "vat22" ? 22 : vat === "vat20" ? 20 : null);
/** The VAT included in a sum, to the kopeck. */
export const includedVat = (sum: number, rate: number) => Math.round((sum * 100 * rate) / (100 + rate)) / 100;

/** Text as XML content or attribute: escaped, and without the control characters XML 1.0 forbids. */
export function xmlText(value: string | number): string {
  return (
    String(value)
      // oxlint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
  );
}

const raw = (name: string, children: string[], attributes = "") => `<${name}${attributes}>${children.join("")}</${name}>`;
const t = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;
const requisite = (name: string, value: string) => raw("ЗначениеРеквизита", [t("Наименование", name), t("Значение", value)]);

function taxes(sum: number, vat: ReceiptVat): string[] {
  const rate = vatRate(vat);
  const stavka = raw("СтавкиНалогов", [raw("СтавкаНалога", [t("Наименование", "НДС"), t("Ставка", rate === null ? "Без налога" : String(rate))])]);
  if (rate === null) return [stavka];
  return [
    stavka,
    raw("Налоги", [raw("Налог", [t("Наименование", "НДС"), t("УчтеноВСумме", "true"), t("Сумма", money(includedVat(sum, rate))), t("Ставка", String(rate))])]),
  ];
}

const UNIT = '<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>';

function goodsLine(line: SaleLine): string {
  return raw("Товар", [
    t("Ид", line.goodId),
    t("Наименование", line.name),
    UNIT,
    t("ЦенаЗаЕдиницу", money(line.price)),
    t("Количество", String(line.quantity)),
    t("Сумма", money(line.sum)),
    raw("ЗначенияРеквизитов", [requisite("ВидНоменклатуры", "Товар"), requisite("ТипНоменклатуры", "Товар")]),
    ...taxes(line.sum, line.vat),
  ]);
}

function deliveryLine(order: SaleOrder): string {
  const { price, vat, name } = order.delivery;
  return raw("Товар", [
    t("Ид", DELIVERY_GOOD_ID),
    t("Наименование", name),
    UNIT,
    t("ЦенаЗаЕдиницу", money(price)),
    t("Количество", "1"),
    t("Сумма", money(price)),
    raw("ЗначенияРеквизитов", [requisite("ВидНоменклатуры", "Услуга"), requisite("ТипНоменклатуры", "Услуга")]),
    ...taxes(price, vat),
  ]);
}

function buyer(order: SaleOrder): string {
  const { buyer: person } = order;
  const fullName = [person.lastName, person.name, person.secondName].filter(Boolean).join(" ") || person.phone;
  const contacts = [
    raw("Контакт", [t("Тип", "Телефон рабочий"), t("Значение", person.phone)]),
    ...(person.email ? [raw("Контакт", [t("Тип", "Почта"), t("Значение", person.email)])] : []),
  ];
  const address = (tag: string) =>
    raw(tag, [t("Представление", order.address), ...(order.city ? [raw("АдресноеПоле", [t("Тип", "Город"), t("Значение", order.city)])] : [])]);
  return raw("Контрагенты", [
    raw("Контрагент", [
      t("Ид", `buyer-${person.id}`),
      t("Наименование", fullName),
      t("Роль", "Покупатель"),
      t("ПолноеНаименование", fullName),
      ...(person.lastName ? [t("Фамилия", person.lastName)] : []),
      ...(person.name ? [t("Имя", person.name)] : []),
      ...(person.secondName ? [t("Отчество", person.secondName)] : []),
      address("АдресРегистрации"),
      raw("Контакты", contacts),
      raw("Представители", []),
    ]),
  ]);
}

function documentXml(order: SaleOrder): string {
  const placed = moscowDateTime(order.createdAt);
  const changed = moscowDateTime(order.updatedAt);
  const lines = [...order.lines.map(goodsLine), ...(order.delivery.price > 0 ? [deliveryLine(order)] : [])];
  const rated = [
    ...order.lines.map((line) => ({ sum: line.sum, vat: line.vat })),
    ...(order.delivery.price > 0 ? [{ sum: order.delivery.price, vat: order.delivery.vat }] : []),
  ];
  const byRate = new Map<number, number>();
  for (const { sum, vat } of rated) {
    const rate = vatRate(vat);
    if (rate !== null) byRate.set(rate, (byRate.get(rate) ?? 0) + includedVat(sum, rate));
  }
  const cancelled = order.status === "cancelled";
  return raw("Документ", [
    t("Ид", String(order.id)),
    t("Номер", order.number),
    t("Дата", placed.date),
    t("Время", placed.time),
    t("ХозОперация", "Заказ товара"),
    t("Роль", "Продавец"),
    t("Валюта", "руб"),
    t("Курс", "1"),
    t("Сумма", money(order.total)),
    ...(order.comment ? [t("Комментарий", order.comment)] : []),
    buyer(order),
    ...(byRate.size > 0
      ? [
          raw(
            "Налоги",
            [...byRate].map(([rate, sum]) =>
              raw("Налог", [t("Наименование", "НДС"), t("УчтеноВСумме", "true"), t("Сумма", money(Math.round(sum * 100) / 100)), t("Ставка", String(rate))]),
            ),
          ),
        ]
      : []),
    raw("Товары", lines),
    raw("ЗначенияРеквизитов", [
      requisite("Метод оплаты", paymentMethodNames[order.paymentId] ?? `Способ ${order.paymentId}`),
      requisite("Заказ оплачен", String(isOrderPaid(order))),
      requisite("Доставка разрешена", String(!cancelled)),
      requisite("Отменен", String(cancelled)),
      requisite("Финальный статус", String(order.status === "completed")),
      requisite("Статус заказа", orderStatusLabels[order.status]),
      requisite("Дата изменения", `${changed.date} ${changed.time}`),
      requisite("Сайт", "Интернет-магазин"),
    ]),
  ]);
}

/** The whole document in the exchange's encoding, its XML declaration saying which. */
export function saleDocument(orders: SaleOrder[], encoding: "utf-8" | "windows-1251", now = new Date()): Buffer {
  const formed = moscowDateTime(now);
  const xml = [
    `<?xml version="1.0" encoding="${encoding === "utf-8" ? "UTF-8" : "windows-1251"}"?>`,
    `<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="${SALE_SCHEMA_VERSION}" ДатаФормирования="${formed.date}T${formed.time}">`,
    ...orders.map(documentXml),
    "</КоммерческаяИнформация>",
    "",
  ].join("\n");
  return encoding === "utf-8" ? Buffer.from(xml, "utf8") : encodeSingleByte(xml, "windows-1251");
}
