import { z } from "zod";
import type { AppConfig } from "../config/config.server.ts";
import { type DatabaseHandle, lockKeys } from "../db/client.server.ts";
import type { Database } from "../db/client.server.ts";
import { type LeaderLoop, startLeaderLoop } from "../db/leader-loop.server.ts";
import { type BotApiSettings, callBotApi } from "../notifications/bot-api.server.ts";
import { log } from "../shared/log.server.ts";
import { apiError, apiJson } from "../shared/api.ts";
import { BodyError, bodyErrorResponse, readJsonBody } from "../shared/json-body.server.ts";
import { firstIssue } from "../shared/zod-issue.ts";
import { type BotFacts, handleUpdate, telegramUpdate, webhookSecretMatches } from "./bot.server.ts";

/**
 * How updates reach the bot: by webhook when TELEGRAM_WEBHOOK_SECRET
 * is set (the shop registers it at start, at PUBLIC_URL/api/telegram/webhook), else by long polling getUpdates on one instance.
 */

export const WEBHOOK_PATH = "/api/telegram/webhook";
/** How long one getUpdates waits for an update on Telegram's side. */
const POLL_SECONDS = 25;

type TelegramConfig = NonNullable<AppConfig["notifications"]["telegram"]>;

/**
 * POST /api/telegram/webhook: a wrong or missing secret is 403 and nothing is read; an update the
 * bot cannot read is 200 (Telegram would only send it again); a good one is handled before the 200.
 */
export async function receiveWebhook(db: Database, telegram: TelegramConfig | undefined, request: Request, facts: () => Promise<BotFacts>): Promise<Response> {
  if (!telegram?.webhookSecret || !telegram.botUsername) return apiError(404, "not_found", "Бот Telegram не подключён");
  if (!webhookSecretMatches(request.headers.get("X-Telegram-Bot-Api-Secret-Token"), telegram.webhookSecret)) {
    return apiError(403, "forbidden", "Неверный секрет вебхука");
  }
  let body: unknown;
  try {
    body = await readJsonBody(request, 65_536);
  } catch (error) {
    if (error instanceof BodyError) return bodyErrorResponse(error);
    throw error;
  }
  const update = telegramUpdate.safeParse(body);
  if (!update.success) {
    log.warn("telegram update not read", { why: firstIssue(update.error) });
    return apiJson({ data: { status: "ignored" } });
  }
  await handleUpdate(db, update.data, await facts());
  return apiJson({ data: { status: "ok" } });
}

const updatesAnswer = z.array(z.object({ update_id: z.number().int() }).loose());

export type TelegramUpdates = { stop(): Promise<void> };

/** Registers the webhook, or starts the long poll; nothing without a bot for buyers. */
export async function startTelegramUpdates(
  handle: DatabaseHandle,
  config: Pick<AppConfig, "notifications" | "publicUrl">,
  facts: BotFacts,
): Promise<TelegramUpdates | undefined> {
  const telegram = config.notifications.telegram;
  if (!telegram?.botUsername) return undefined;
  const api: BotApiSettings = { botToken: telegram.botToken, baseUrl: telegram.baseUrl, timeoutMs: config.notifications.timeoutMs };
  if (telegram.webhookSecret) {
    try {
      await callBotApi(api, "setWebhook", {
        url: `${config.publicUrl}${WEBHOOK_PATH}`,
        secret_token: telegram.webhookSecret,
        allowed_updates: ["message"],
      });
    } catch (error) {
      // The shop serves without the bot's commands rather than not at all; the next start tries again.
      log.error("telegram webhook not registered", { why: error instanceof Error ? error.message : String(error) });
    }
    return undefined;
  }
  return startLongPoll(handle, api, facts);
}

function startLongPoll(handle: DatabaseHandle, api: BotApiSettings, facts: BotFacts): TelegramUpdates {
  const stopping = new AbortController();
  let offset: number | undefined;
  let webhookCleared = false;
  const loop: LeaderLoop = startLeaderLoop({
    handle,
    lockKey: lockKeys.telegramPoll,
    name: "telegram long poll",
    intervalMs: 1000,
    round: async () => {
      // getUpdates is refused while a webhook is set.
      if (!webhookCleared) {
        await callBotApi(api, "deleteWebhook", {}, { signal: stopping.signal });
        webhookCleared = true;
      }
      const result = await callBotApi(
        api,
        "getUpdates",
        { timeout: POLL_SECONDS, allowed_updates: ["message"], ...(offset === undefined ? {} : { offset }) },
        { timeoutMs: (POLL_SECONDS + 10) * 1000, signal: stopping.signal },
      );
      const updates = updatesAnswer.parse(result);
      for (const raw of updates) {
        const update = telegramUpdate.safeParse(raw);
        // A failure to handle one update is thrown: it is asked for again with the same offset next round.
        if (update.success) await handleUpdate(handle.db, update.data, facts);
        offset = raw.update_id + 1;
      }
    },
  });
  void loop.runNow();
  return {
    async stop() {
      stopping.abort();
      await loop.stop();
    },
  };
}
