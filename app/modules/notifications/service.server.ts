import type { AppConfig } from "../config/config.server.ts";
import { lockKeys, type DatabaseHandle } from "../db/client.server.ts";
import { drainBacklog, type LeaderLoop, startLeaderLoop } from "../db/leader-loop.server.ts";
import { createChannels } from "./channels.server.ts";
import { unlinkChat } from "./telegram-links.server.ts";
import { deliverDueNotifications, type SenderSettings } from "./sender.server.ts";

/** How long a taken message may take before another round takes it again: well past every channel's time limit. */
export function senderSettings(config: Pick<AppConfig, "notifications">): SenderSettings {
  return { maxAttempts: config.notifications.maxAttempts, leaseMs: Math.max(6 * config.notifications.timeoutMs, 3_000), batchSize: 20 };
}

/** The cluster's one notification sender (started with the server, one instance delivers). */
export function startNotificationSender(handle: DatabaseHandle, config: Pick<AppConfig, "sms" | "notifications">): LeaderLoop {
  // A buyer who blocked the bot is unlinked, and their waiting Telegram messages are skipped.
  const channels = createChannels(config, { onTelegramBlocked: async (chatId) => void (await unlinkChat(handle.db, chatId, "бот заблокирован покупателем")) });
  const settings = senderSettings(config);
  return startLeaderLoop({
    handle,
    lockKey: lockKeys.notificationSender,
    name: "notification sender",
    intervalMs: config.notifications.pollIntervalMs,
    round: () => drainBacklog(() => deliverDueNotifications(handle.db, channels, settings), settings.batchSize),
  });
}
