import { lockKeys, type DatabaseHandle } from "../db/client.server.ts";
import { type LeaderLoop, startLeaderLoop } from "../db/leader-loop.server.ts";
import { getPaymentProvider } from "../payments/payments.server.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { log } from "../shared/log.server.ts";
import { overdueOrderNumbers, PAYMENT_EXPIRED_REASON } from "./lifecycle.server.ts";
import { changeOrderStatus } from "./operator.server.ts";

/** How often the deadline watch looks for unpaid orders past their time: well within the minute the issue allows. */
export const PAYMENT_DEADLINE_CHECK_MS = 15_000;

/**
 * Cancels the online-payment orders whose time to pay has run out: each in its own
 * transaction, as the operator's cancellation (coins back on sale, the pending payment let
 * go, the buyer told 'Время на оплату истекло'). An order paid in the meantime is left alone.
 */
export async function expireOverdueOrders(db: DatabaseHandle["db"], now = new Date(), provider: PaymentProvider = getPaymentProvider(db)): Promise<string[]> {
  const expired: string[] = [];
  for (const number of await overdueOrderNumbers(db, now)) {
    const change = await changeOrderStatus(db, number, "cancelled", { reason: PAYMENT_EXPIRED_REASON, actor: "system", onlyFrom: "awaiting_payment", now, provider });
    if (change.ok) expired.push(number);
  }
  if (expired.length > 0) log.info("unpaid orders cancelled: the time to pay ran out", { orders: expired.join(",") });
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
    },
  });
}
