// npm run orders -- list [--status STATUS] [--limit N] | show NUMBER | status NUMBER STATUS [REASON]
//                   | ship NUMBER TRACKING | notifications [--failed]
// The operator's view of orders: the newest orders (optionally of one status), one order in
// full with its payment attempts and history, moving an order on (a cancellation puts its
// coins back on sale; shipping needs the carrier's tracking number), and the messages the shop
// sent or failed to send. A change the order's status does not allow is refused with the
// reason, exit 1.
import { orderStatuses, type OrderStatus } from "#app/modules/db/schema.ts";
import {
  changeOrderStatus,
  findOrderByNumber,
  formatOrderDetails,
  formatOrderRow,
  formatStatusChange,
  isOrderStatus,
  listOrdersForOperator,
  trackingNumberMessages,
} from "#app/modules/orders/operator.server.ts";
import { parseTrackingNumber } from "#app/modules/orders/lifecycle.server.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { getPaymentProvider } from "#app/modules/payments/configured-provider.server.ts";
import { listNotifications } from "#app/modules/notifications/outbox.server.ts";
import { formatNotificationRow } from "#app/modules/notifications/report.ts";
import { runScript, withMigratedDatabase } from "./run-script.ts";

const statusList = orderStatuses.map((status) => `${status} (${orderStatusLabels[status]})`).join(", ");
const usage = [
  "Использование:",
  "  npm run orders -- list [--status СТАТУС] [--limit N]   последние заказы (по умолчанию 50)",
  "  npm run orders -- show НОМЕР                           заказ целиком: монеты, доставка, оплата",
  "  npm run orders -- status НОМЕР СТАТУС [ПРИЧИНА]        сменить статус заказа (причину отмены увидит покупатель)",
  "  npm run orders -- ship НОМЕР ТРЕК-НОМЕР                отправить заказ с трек-номером перевозчика",
  "  npm run orders -- notifications [--failed]             сообщения покупателям и сотрудникам (--failed: неотправленные)",
  `Статусы: ${statusList}.`,
].join("\n");

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The arguments of `list`: --status and --limit, each at most once. */
function listOptions(args: string[]): { status?: OrderStatus; limit: number } {
  const options: { status?: OrderStatus; limit: number } = { limit: 50 };
  for (let index = 0; index < args.length; index += 2) {
    const [name, value] = [args[index], args[index + 1]];
    if (value === undefined) fail(usage);
    if (name === "--status") {
      if (!isOrderStatus(value)) fail(`Неизвестный статус: ${value}. Статусы: ${statusList}.`);
      options.status = value;
    } else if (name === "--limit") {
      if (!/^[1-9]\d{0,4}$/.test(value)) fail(`--limit: целое число от 1 до 99999, получено «${value}».`);
      options.limit = Number(value);
    } else {
      fail(usage);
    }
  }
  return options;
}

const [command, ...args] = process.argv.slice(2);
const argumentCounts: Record<string, (count: number) => boolean> = {
  show: (count) => count === 1,
  status: (count) => count >= 2,
  ship: (count) => count === 2,
  notifications: (count) => count === 0 || (count === 1 && args[0] === "--failed"),
};
if (!command || (command !== "list" && !argumentCounts[command]?.(args.length))) fail(usage);
const list = command === "list" ? listOptions(args) : undefined;
const newStatus = command === "status" ? args[1]! : command === "ship" ? "shipped" : undefined;
if (newStatus !== undefined && !isOrderStatus(newStatus)) fail(`Неизвестный статус: ${newStatus}. Статусы: ${statusList}.`);
if (command === "ship" && !parseTrackingNumber(args[1]!)) fail(trackingNumberMessages.invalid);

await runScript(async () => {
  await withMigratedDatabase(async (handle) => {
    const db = handle.db;
    if (list) {
      const rows = await listOrdersForOperator(db, list);
      if (rows.length === 0) console.log(list.status ? `Заказов в статусе «${orderStatusLabels[list.status]}» нет.` : "Заказов пока нет.");
      for (const row of rows) console.log(formatOrderRow(row));
      return;
    }
    if (command === "show") {
      const order = await findOrderByNumber(db, args[0]!);
      if (!order) {
        console.error(`Заказ №${args[0]} не найден.`);
        process.exitCode = 1;
        return;
      }
      console.log(formatOrderDetails(order));
      return;
    }
    if (command === "notifications") {
      const rows = await listNotifications(db, { failedOnly: args[0] === "--failed" });
      if (rows.length === 0) console.log(args[0] === "--failed" ? "Неотправленных сообщений нет." : "Сообщений пока нет.");
      for (const row of rows) console.log(formatNotificationRow(row));
      return;
    }
    const change = await changeOrderStatus(db, args[0]!, newStatus as OrderStatus, {
      // A cancelled unpaid order's payment is cancelled at the provider too, so it can no longer be paid.
      provider: getPaymentProvider(db),
      ...(command === "ship" ? { trackingNumber: args[1]! } : {}),
      ...(command === "status" && args.length > 2 ? { reason: args.slice(2).join(" ") } : {}),
    });
    if (!change.ok) {
      console.error(change.reason);
      process.exitCode = 1;
      return;
    }
    console.log(formatStatusChange(change));
  });
});
