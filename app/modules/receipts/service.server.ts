import type { AppConfig } from "../config/config.server.ts";
import { lockKeys, type DatabaseHandle } from "../db/client.server.ts";
import { drainBacklog, type LeaderLoop, startLeaderLoop } from "../db/leader-loop.server.ts";
import { getPaymentProvider } from "../payments/configured-provider.server.ts";
import { deliverDueReceipts, followPendingReceipts, RECEIPT_SENDER_SETTINGS } from "./receipts.server.ts";

/** The cluster's one receipt sender (started with the server): settlement receipts go to the payment provider, pending ones are followed up. */
export function startReceiptSender(handle: DatabaseHandle, config: Pick<AppConfig, "notifications" | "payments" | "publicUrl">): LeaderLoop {
  const provider = getPaymentProvider(handle.db, config);
  return startLeaderLoop({
    handle,
    lockKey: lockKeys.receiptSender,
    name: "receipt sender",
    intervalMs: config.notifications.pollIntervalMs,
    round: async () => {
      await drainBacklog(() => deliverDueReceipts(handle.db, provider), RECEIPT_SENDER_SETTINGS.batchSize);
      await followPendingReceipts(handle.db, provider);
    },
  });
}
