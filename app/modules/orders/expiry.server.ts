import { lockKeys, type DatabaseHandle } from "../db/client.server.ts";
import { type LeaderLoop, startLeaderLoop } from "../db/leader-loop.server.ts";
import { getPaymentProvider } from "../payments/configured-provider.server.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { log } from "../shared/log.server.ts";
import { CONFIRMATION_EXPIRED_REASON, overdueOrders, PAYMENT_EXPIRED_REASON } from "./lifecycle.server.ts";
import { changeOrderStatus } from "./operator.server.ts";
import { sendPickupReminders } from "./pickup-reminders.server.ts";

/** How often the deadline watch looks for unpaid orders past their time: well within the minute the issue allows. */
export const PAYMENT_DEADLINE_CHECK_MS = 15_000;

/**
 * Cancels the orders whose time has run out: online ones not paid ('Время на оплату истекло'),
 * ones paid on receipt that staff did not confirm ('Заказ не подтверждён в срок'); each in its
 * own transaction, as the operator's cancellation (coins back on sale, the pending payment let
 * go, the buyer told why). An order paid or confirmed in the meantime is left alone.
 */
export async function expireOverdueOrders(db: DatabaseHandle["db"], now = new Date(), provider: PaymentProvider = getPaymentProvider(db)): Promise<string[]> {
  const expired: string[] = [];
  for (const { number, status } of await overdueOrders(db, now)) {
    const reason = status === "new" ? CONFIRMATION_EXPIRED_REASON : PAYMENT_EXPIRED_REASON;
    const change = await changeOrderStatus(db, number, "cancelled", { reason, actor: "system", onlyFrom: status, now, provider });
    if (change.ok) expired.push(number);
  }
  if (expired.length > 0) log.info("orders cancelled: not paid or confirmed in time", { orders: expired.join(",") });
  return expired;
}

/** The cluster's one deadline watch (started with the server). */
export function startPaymentDeadlineWatch(handle: DatabaseHandle): LeaderLoop {
  return startLeaderLoop({
    handle,
    lockKey: lockKeys.orderLifecycle,
    name: "payment deadline watch",
    intervalMs: PAYMENT_DEADLINE_CHECK_MS,
    round: async () => {
      await expireOverdueOrders(handle.db);
      // The same watch of the orders' clock writes the day-before reminders of office pickups.
      await sendPickupReminders(handle.db);
    },
  });
}
