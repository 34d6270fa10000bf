/**
 * How the audit log's values read to staff: before and after as "Поле: значение" lines
 * (statuses as the back office names them, pictures and lists counted, a content file reduced
 * to the fields that changed). Pure, but it reads YAML: the page's loader calls it, so the
 * browser never loads the parser (the names of actions and people are in audit-labels.ts).
 */
import { buybackGradeLabels, buybackStatusLabels } from "../buyback/statuses.ts";
import type { BuybackStatus } from "../db/column-values.ts";
import { parseFrontMatter } from "../content/front-matter.ts";
import { orderStatusLabels } from "../orders/statuses.ts";
import { preorderStatusLabels, type PreorderStatus } from "../preorders/preorders.ts";
import { formatPhone } from "../phone/phone.ts";
import { formatDateTime } from "../shared/format.ts";
import { productFieldLabels } from "./catalog-labels.ts";
import { staffRoleLabels, type StaffRole } from "../staff/roles.ts";
import type { OrderChannel, OrderStatus } from "../db/schema.ts";
import { channelLabels } from "./staff-order-draft.ts";

const fieldLabels: Record<string, string> = {
  ...productFieldLabels,
  status: "Статус",
  trackingNumber: "Трек-номер",
  reason: "Причина",
  preorder: "Предзаказ №",
  restocked: "Возвращено на склад",
  note: "Комментарий",
  refunded: "Возвращено, ₽",
  refundedTotal: "Всего возвращено, ₽",
  lines: "Строки",
  channel: "Откуда заказ",
  total: "Сумма, ₽",
  goodsTotal: "Товары, ₽",
  deliveryTotal: "Доставка, ₽",
  delivery: "Доставка",
  recipient: "Получатель",
  lastName: "Фамилия",
  secondName: "Отчество",
  email: "E-mail",
  identification: "Документ",
  consent: "Согласие, редакция",
  version: "Версия заказа",
  paymentId: "Платёж",
  offeredPrice: "Предложенная цена, ₽",
  price: "Цена, ₽",
  phone: "Телефон",
  name: "Имя",
  role: "Роль",
  paused: "Продажи на паузе",
  changedAt: "Когда",
  published: "Опубликовано",
  file: "Файл",
  created: "Новых",
  updated: "Обновлено",
  skus: "Артикулы",
  ok: "Успешно",
  error: "Ошибка",
  listDate: "Дата перечня",
  persons: "Лиц",
  withDate: "С датой рождения",
  rows: "Строк",
  identificationId: "Анкета №",
  fields: "Поля",
  // A content file's fields (content-files.ts).
  title: "Заголовок",
  slug: "Адрес",
  path: "Адрес",
  date: "Дата",
  starts: "Начало",
  ends: "Окончание",
  cover: "Картинка",
  video: "Видео",
  body: "Текст",
  author: "Автор",
  city: "Город",
  rating: "Оценка",
  reply: "Ответ",
  category: "Категория",
  url: "Сайт",
  logo: "Логотип",
  image: "Картинка",
  position: "Порядок",
  rule: "Правило",
  legacyId: "Старый номер",
  // The 1C exchange's rows (exchange/settings.server.ts, new-goods.server.ts).
  statusRows: "Статусы 1С",
  exchangeId: "Ид в 1С",
  article: "Артикул в 1С",
  ...Object.fromEntries(Object.entries(buybackGradeLabels).map(([grade, label]) => [grade, `${label}, %`])),
};
// "description" is the coin's description and a content item's short text alike.
fieldLabels.description = "Описание";

export type AuditLine = { label: string; value: string };

const shorten = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One value as staff read it: statuses and roles by their names, pictures and lists counted, no JSON. */
function valueText(action: string, key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "да" : "нет";
  if (typeof value === "number") return String(value).replace(".", ",");
  if (typeof value === "string") {
    if (key === "status") {
      if (action.startsWith("catalog.")) return value === "active" ? "да" : "нет";
      if (action.startsWith("buyback.")) return buybackStatusLabels[value as BuybackStatus] ?? value;
      if (action.startsWith("preorder.")) return preorderStatusLabels[value as PreorderStatus] ?? value;
      return orderStatusLabels[value as OrderStatus] ?? value;
    }
    if (key === "role") return staffRoleLabels[value as StaffRole] ?? value;
    if (key === "channel") return channelLabels[value as OrderChannel] ?? value;
    if (key === "phone") return formatPhone(value);
    if (key === "changedAt" && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split("-").reverse().join(".");
    return shorten(value);
  }
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === "string" || typeof item === "number")) {
      return value.length <= 5 ? value.join(", ") : `${value.slice(0, 5).join(", ")} и ещё ${value.length - 5}`;
    }
    if (key === "statusRows") {
      const rows = value as { name?: string; status?: string }[];
      return shorten(rows.map((row) => `«${row.name ?? "?"}» → ${orderStatusLabels[row.status as OrderStatus] ?? row.status ?? "?"}`).join("; "), 300);
    }
    if (key === "restocked" || key === "lines") {
      return shorten(
        value
          .map((item) => {
            const line = item as { name?: string; sku?: string; quantity?: number };
            return `${line.name ?? line.sku ?? "?"} × ${line.quantity ?? "?"}`;
          })
          .join("; "),
      );
    }
    return `${value.length} шт.`;
  }
  if (typeof value === "object") {
    // A picture ({src, alt, …}): its description, never its JSON.
    const picture = value as { src?: unknown; alt?: unknown };
    if (typeof picture.src === "string") return typeof picture.alt === "string" && picture.alt ? `картинка «${shorten(picture.alt, 60)}»` : "картинка";
    const keys = Object.keys(value);
    return keys.length === 0 ? "—" : `${keys.length} полей`;
  }
  return shorten(String(value));
}

function linesOf(action: string, values: Record<string, unknown>): AuditLine[] {
  // A coin's fields keep the coin form's names ("status" there is whether it is on sale).
  const labels = action.startsWith("catalog.") ? { ...fieldLabels, ...productFieldLabels } : fieldLabels;
  return Object.entries(values).map(([key, value]) => ({ label: labels[key] ?? key, value: valueText(action, key, value) }));
}

/** A content file's fields and body ({} when it does not read: an older row). */
function contentFields(source: unknown): Record<string, unknown> {
  if (typeof source !== "string") return {};
  try {
    const { data, body } = parseFrontMatter(source);
    return { ...data, body };
  } catch {
    return {};
  }
}

/**
 * The before and after of a row as lines. A content edit keeps the whole file before and after;
 * only the fields that differ are shown (the text as "изменён", it can be pages long).
 */
export function describeAuditChange(row: { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }): {
  before: AuditLine[];
  after: AuditLine[];
} {
  const before = row.before ?? {};
  const after = row.after ?? {};
  if (typeof before.source === "string" || typeof after.source === "string") {
    const was = contentFields(before.source);
    const now = contentFields(after.source);
    const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]));
    const side = (values: Record<string, unknown>) =>
      keys.map((key) => ({
        label: fieldLabels[key] ?? key,
        value: key === "body" ? (values.body ? `${String(values.body).length} симв.` : "—") : valueText(row.action, key, values[key]),
      }));
    const rest = (values: Record<string, unknown>) => linesOf(row.action, Object.fromEntries(Object.entries(values).filter(([key]) => key !== "source")));
    // A new item has no file before: its "before" is empty rather than a dash for every field.
    return { before: typeof before.source === "string" ? [...side(was), ...rest(before)] : rest(before), after: [...side(now), ...rest(after)] };
  }
  return { before: linesOf(row.action, before), after: linesOf(row.action, after) };
}
