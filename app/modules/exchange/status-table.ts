import { type OrderStatus, orderStatuses } from "../db/column-values.ts";
import { orderStatusLabels } from "../orders/statuses.ts";

/**
 * The table of 1C's own status names → the shop's statuses (decision 048, set on «Обмен с 1С»):
 * a name 1C sends as «Статус заказа» (or its code as «Статуса заказа ИД») goes to the status of
 * its row; the shop's own labels always match too. Pure: the page, the settings and the import use it.
 */
export type StatusRow = { name: string; status: OrderStatus };

/**
 * The names 1С:УТ 11 (through the Bitrix-style exchange: «[N] Принят», «[F] Выполнен») and МойСклад
 * (its order states) use out of the box. A dealer renames its states, so the owner edits these.
 */
export const DEFAULT_STATUS_ROWS: readonly StatusRow[] = [
  { name: "[N] Принят", status: "new" },
  { name: "[P] Оплачен", status: "paid" },
  { name: "[F] Выполнен", status: "completed" },
  { name: "[F] Доставлен", status: "completed" },
  { name: "Принят", status: "new" },
  { name: "Подтвержден", status: "assembling" },
  { name: "В сборке", status: "assembling" },
  { name: "Собран", status: "assembling" },
  { name: "Отгружен", status: "shipped" },
  { name: "Доставлен", status: "completed" },
  { name: "Закрыт", status: "completed" },
  { name: "Отменен", status: "cancelled" },
];

/** At most this many rows: the page's form and the settings' row stay small. */
export const MAX_STATUS_ROWS = 60;
export const MAX_STATUS_NAME = 100;

/** Names compared as 1C's operators type them: case, ё/е and runs of spaces aside. */
export const statusKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase().replaceAll("ё", "е");

const byLabel = new Map(Object.entries(orderStatusLabels).map(([status, label]) => [statusKey(label), status as OrderStatus]));

/**
 * Our status for what 1C sent: «Отменен» (or a deletion mark) wins; then the table by the name, then
 * by the code («Статуса заказа ИД»), then the shop's own labels. Undefined: nothing matches (reported, never forced).
 */
export function statusFromOneC(
  order: { statusName: string; statusId?: string; cancelled: boolean },
  rows: readonly StatusRow[] = DEFAULT_STATUS_ROWS,
): OrderStatus | undefined {
  if (order.cancelled) return "cancelled";
  const table = new Map(rows.map((row) => [statusKey(row.name), row.status]));
  const name = statusKey(order.statusName);
  const id = statusKey(order.statusId ?? "");
  return (name ? (table.get(name) ?? byLabel.get(name)) : undefined) ?? (id ? table.get(id) : undefined);
}

/** The rows as the owner typed them: empty names dropped, each name once, known statuses; or the reason in Russian. */
export function checkStatusRows(rows: ReadonlyArray<{ name: string; status: string }>): { ok: true; rows: StatusRow[] } | { ok: false; reason: string } {
  const kept: StatusRow[] = [];
  const seen = new Map<string, string>();
  for (const row of rows) {
    const name = row.name.trim().replace(/\s+/g, " ");
    if (!name) continue;
    if (name.length > MAX_STATUS_NAME) return { ok: false, reason: `Название статуса в 1С: не длиннее ${MAX_STATUS_NAME} символов («${name.slice(0, 30)}…»)` };
    if (!(orderStatuses as readonly string[]).includes(row.status)) return { ok: false, reason: `Для «${name}» выберите статус сайта` };
    const earlier = seen.get(statusKey(name));
    if (earlier !== undefined) return { ok: false, reason: `Статус «${name}» указан дважды (уже есть «${earlier}»)` };
    seen.set(statusKey(name), name);
    kept.push({ name, status: row.status as OrderStatus });
  }
  if (kept.length > MAX_STATUS_ROWS) return { ok: false, reason: `Не больше ${MAX_STATUS_ROWS} строк в таблице статусов` };
  return { ok: true, rows: kept };
}
