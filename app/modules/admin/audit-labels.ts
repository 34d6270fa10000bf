/** The names of the audit log's actions, members and objects, as staff read them (the page's own module: no parser). */
import { contentKindLabels, isContentKind } from "../content/staff-keys.ts";
import { formatPhone } from "../phone/phone.ts";

/** Every action code the shop writes (a test reads the code base for them), named as staff say it. */
export const auditActionLabels: Record<string, string> = {
  "order.status": "Статус заказа",
  "order.note": "Заметка к заказу",
  "order.refund": "Возврат денег",
  "return.status": "Заявка на возврат",
  "order.create": "Заказ принят сотрудником",
  "order.edit": "Заказ изменён",
  "pickup.move": "Самовывоз перенесён",
  "pickup.holiday.add": "Праздник добавлен",
  "pickup.holiday.remove": "Праздник убран",
  "pickup.hours": "Часы работы офиса изменены",
  "customer.create": "Покупатель создан сотрудником",
  "customer.update": "Покупатель дополнен сотрудником",
  "identification.enter": "Анкета покупателя внесена сотрудником",
  "buyback.status": "Заявка на выкуп",
  "buyback.grades": "Проценты за состояние",
  "staff.add": "Сотрудник добавлен",
  "staff.update": "Сотрудник изменён",
  "staff.remove": "Сотрудник удалён",
  "sales.pause": "Продажи приостановлены",
  "sales.resume": "Продажи возобновлены",
  "quotes.refresh": "Обновление котировок",
  "catalog.edit": "Монета изменена",
  "catalog.import": "Каталог загружен из файла",
  "catalog.launch": "Анонс монеты",
  "preorder.cancel": "Предзаказ отменён магазином",
  "content.create": "Текст добавлен",
  "content.edit": "Текст изменён",
  "content.publish": "Текст опубликован",
  "content.unpublish": "Текст снят с публикации",
  "review.publish": "Отзыв опубликован",
  "review.hide": "Отзыв скрыт",
  "compliance.release": "Заказ выпущен после контроля",
  "compliance.export": "Выгрузка обязательного контроля",
  "compliance.import-list": "Загружен перечень Росфинмониторинга",
  "identification.read": "Просмотр анкеты покупателя",
  "exchange.credentials": "Логин обмена с 1С",
  "exchange.options": "Настройки обмена с 1С",
  "exchange.import": "Загрузка из 1С",
  "exchange.resend": "Заказы отправлены в 1С заново",
  "exchange.sign_in_refused": "Отклонён вход 1С",
  "exchange.statuses": "Таблица статусов 1С",
  "exchange.groups": "Группы 1С и разделы каталога",
  "exchange.publish": "Монета из 1С опубликована",
  "invoice.paid": "Счёт отмечен оплаченным",
  "invoice.statement-upload": "Загружена банковская выписка",
  "invoice.statement-payment": "Платёж из выписки проведён по счёту",
};

/** An action code not named above (an older row) is shown as written. */
export const auditActionLabel = (action: string) => auditActionLabels[action] ?? action;

/** Who did it: the member's name; the phone only where the member has no name (or is gone). */
export function auditPersonLabel(phone: string, name: string): string {
  if (phone === "cli") return "Оператор (npm run …)";
  if (phone === "exchange") return "Обмен с 1С";
  return name.trim() || formatPhone(phone);
}

/** What it was done to: "order:2026-000123" → "Заказ 2026-000123". */
export function auditEntityLabel(entity: string): string {
  const [prefix, ...rest] = entity.split(":");
  const value = rest.join(":");
  const names: Record<string, string> = {
    order: "Заказ",
    buyback: "Заявка",
    product: "Монета",
    staff: "Сотрудник",
    content: "Текст",
    quotes: "Котировки",
    customer: "Покупатель",
    statement: "Выписка",
    review: "Отзыв",
    holiday: "Праздник",
  };
  if (prefix === "staff" && value) return `Сотрудник ${formatPhone(value)}`;
  if (prefix === "content") {
    const [kind, ...key] = value.split(":");
    return isContentKind(kind) ? `${contentKindLabels[kind]}: ${key.join(":").replaceAll("--", "/")}` : entity;
  }
  const named = prefix ? names[prefix] : undefined;
  if (named && value) return `${named} ${value}`;
  const whole: Record<string, string> = {
    catalog: "Каталог",
    "shop:sales": "Продажи",
    "settings:buyback_grades": "Проценты выкупа",
    "mandatory-control": "Обязательный контроль",
    "extremist-list": "Перечень",
    "exchange:settings": "Настройки обмена",
    "exchange:import": "Товары из 1С",
    "exchange:offers": "Остатки и цены из 1С",
    "exchange:groups": "Группы 1С",
  };
  return whole[entity] ?? entity;
}
