import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import type { AppConfig } from "../config/config.server.ts";
import { createSmsGateway } from "../sms/gateways.server.ts";
import { SmsSendError, type SmsGateway } from "../sms/sms.ts";
import { appendToOutbox } from "../shared/jsonl-outbox.server.ts";
import { log } from "../shared/log.server.ts";
import { failureReason } from "../shared/outbound-http.server.ts";
import { type BotApiSettings, BotApiError, callBotApi } from "./bot-api.server.ts";
import type { NotificationChannel } from "./events.ts";

/** One stored notification as a channel delivers it. */
export type OutgoingMessage = {
  /** The idempotency key (notifications.key). */
  key: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
};

/** Why a message was not delivered; `retryable` says whether trying later may help, `retryAfterMs` when the service said. */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  constructor(message: string, retryable: boolean, options?: { cause?: unknown; retryAfterMs?: number }) {
    super(message, options);
    this.retryable = retryable;
    this.retryAfterMs = options?.retryAfterMs;
  }
}

/** Delivers one message or throws DeliveryError. */
export type ChannelSender = (message: OutgoingMessage) => Promise<void>;

/** The channels that are set up; a missing one is not written to the outbox at all. */
export type Channels = Partial<Record<NotificationChannel, ChannelSender>>;

/** The channels the settings name: SMS through SMS_PROVIDER, e-mail through EMAIL_PROVIDER, Telegram when its bot is set. */
export function createChannels(
  config: Pick<AppConfig, "sms" | "notifications">,
  hooks: { onTelegramBlocked?: (chatId: string) => Promise<void> } = {},
): Channels {
  const { email, telegram, timeoutMs } = config.notifications;
  return {
    sms: smsChannel(createSmsGateway(config.sms)),
    email: emailChannel({ ...email, timeoutMs }),
    ...(telegram
      ? { telegram: telegramChannel({ botToken: telegram.botToken, baseUrl: telegram.baseUrl, timeoutMs, onBlocked: hooks.onTelegramBlocked }) }
      : {}),
  };
}

export function smsChannel(gateway: SmsGateway): ChannelSender {
  return async (message) => {
    try {
      await gateway.send({ to: message.recipient, text: message.text, key: message.key });
    } catch (error) {
      if (error instanceof SmsSendError) throw new DeliveryError(`${error.gateway}: ${error.message}`, error.retryable, { cause: error });
      throw new DeliveryError(failureReason(error), true, { cause: error });
    }
  };
}

type EmailSettings = AppConfig["notifications"]["email"] & { timeoutMs: number };

export function emailChannel(settings: EmailSettings): ChannelSender {
  switch (settings.provider) {
    case "log":
      return async (message) => {
        log.info("E-mail not sent (EMAIL_PROVIDER=log)", {
          to: message.recipient,
          subject: JSON.stringify(message.subject),
          text: JSON.stringify(message.text),
        });
      };
    case "file": {
      const file = settings.outboxFile;
      if (!file) throw new Error("EMAIL_PROVIDER=file needs EMAIL_OUTBOX_FILE");
      return async (message) => {
        try {
          await appendToOutbox(file, {
            to: message.recipient,
            subject: message.subject,
            text: message.text,
            html: message.html,
            key: message.key,
            sentAt: new Date().toISOString(),
          });
        } catch (error) {
          throw new DeliveryError(`writing the e-mail outbox ${file} failed: ${failureReason(error)}`, false, { cause: error });
        }
      };
    }
    case "smtp":
      return smtpChannel(settings);
  }
}

/**
 * SMTP through nodemailer. The Message-ID is derived from the idempotency key, so a message
 * sent again after a crash is the same message to the receiving mail system (which drops a
 * duplicate Message-ID where it can).
 */
function smtpChannel(settings: EmailSettings): ChannelSender {
  if (!settings.smtpUrl) throw new Error("EMAIL_PROVIDER=smtp needs SMTP_URL");
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? "localhost";
  return async (message) => {
    try {
      await transport.sendMail({
        from: settings.from,
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        messageId: `<${createHash("sha256").update(message.key).digest("hex").slice(0, 32)}@${domain}>`,
      });
    } catch (error) {
      throw new DeliveryError(`smtp: ${failureReason(error)}`, isRetryableSmtpError(error), { cause: error });
    }
  };
}

/** A 5xx reply is permanent (bad address, refused); a 4xx reply, a lost connection or a timeout may pass. */
export function isRetryableSmtpError(error: unknown): boolean {
  const responseCode = (error as { responseCode?: unknown }).responseCode;
  if (typeof responseCode === "number") return responseCode < 500;
  const code = (error as { code?: unknown }).code;
  // EAUTH and EENVELOPE are the shop's settings or the address: trying again will not help.
  return !(code === "EAUTH" || code === "EENVELOPE" || code === "EMESSAGE");
}

type TelegramSettings = BotApiSettings & {
  /** The bot was blocked by the buyer (403): their chat is unlinked. */
  onBlocked?: (chatId: string) => Promise<void>;
};

/** The Bot API's limits: about 30 messages a second in all, one a second to one chat. */
const TELEGRAM_SPACING_MS = 34;
const TELEGRAM_CHAT_SPACING_MS = 1000;

/**
 * Waits out the Bot API's rate limits before each message. In memory: one sender per cluster
 * sends every message, so its own clock is the whole story.
 */
export function telegramPacer(now: () => number = Date.now, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))) {
  let last = 0;
  const lastByChat = new Map<string, number>();
  return async (chatId: string) => {
    const at = now();
    for (const [chat, sentAt] of lastByChat) if (at - sentAt >= TELEGRAM_CHAT_SPACING_MS) lastByChat.delete(chat);
    const wait = Math.max(last + TELEGRAM_SPACING_MS - at, (lastByChat.get(chatId) ?? -Infinity) + TELEGRAM_CHAT_SPACING_MS - at, 0);
    if (wait > 0) await sleep(wait);
    last = now();
    lastByChat.set(chatId, last);
  };
}

/**
 * The staff chat and the buyers' chats through the Bot API's sendMessage (plain text, no markup to
 * escape). 429 is tried again after the wait it names; 403 (blocked, kicked) is final and unlinks a buyer's chat.
 */
export function telegramChannel(settings: TelegramSettings): ChannelSender {
  const pace = telegramPacer();
  return async (message) => {
    await pace(message.recipient);
    try {
      await callBotApi(settings, "sendMessage", { chat_id: message.recipient, text: message.text.slice(0, 4096), link_preview_options: { is_disabled: true } });
    } catch (error) {
      if (!(error instanceof BotApiError)) throw new DeliveryError(failureReason(error), true, { cause: error });
      if (error.status === 403) await settings.onBlocked?.(message.recipient);
      const retryAfterMs = error.retryAfterSeconds === undefined ? undefined : error.retryAfterSeconds * 1000;
      // 429 and the service's own faults pass; 400/401/403 are the bot's settings or the chat.
      throw new DeliveryError(error.message, error.status === 0 || error.status === 429 || error.status >= 500, { cause: error, retryAfterMs });
    }
  };
}
