import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import { z } from "zod";
import type { AppConfig } from "../config/config.server.ts";
import { createSmsGateway } from "../sms/gateways.server.ts";
import { SmsSendError, type SmsGateway } from "../sms/sms.ts";
import { appendToOutbox } from "../shared/jsonl-outbox.server.ts";
import { log } from "../shared/log.server.ts";
import { describeUrl, failureReason, fetchOutbound, type OutboundAnswer, OutboundHttpError } from "../shared/outbound-http.server.ts";
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

/** Why a message was not delivered; `retryable` says whether trying later may help. */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.retryable = retryable;
  }
}

/** Delivers one message or throws DeliveryError. */
export type ChannelSender = (message: OutgoingMessage) => Promise<void>;

/** The channels that are set up; a missing one is not written to the outbox at all. */
export type Channels = Partial<Record<NotificationChannel, ChannelSender>>;

/** The channels the settings name: SMS through SMS_PROVIDER, e-mail through EMAIL_PROVIDER, Telegram when its bot is set. */
export function createChannels(config: Pick<AppConfig, "sms" | "notifications">): Channels {
  const { email, telegram, timeoutMs } = config.notifications;
  return {
    sms: smsChannel(createSmsGateway(config.sms)),
    email: emailChannel({ ...email, timeoutMs }),
    ...(telegram ? { telegram: telegramChannel({ ...telegram, timeoutMs }) } : {}),
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

const telegramAnswer = z.object({
  ok: z.boolean(),
  description: z.string().optional(),
  error_code: z.number().optional(),
  parameters: z.object({ retry_after: z.number().optional() }).optional(),
});

type TelegramSettings = { botToken: string; chatId: string; baseUrl: string; timeoutMs: number };

/** Why a call to the Bot API failed, without fetchOutbound's message: its path holds the bot's token. */
function telegramFault(error: unknown): string {
  if (!(error instanceof OutboundHttpError)) return failureReason(error);
  if (error.kind === "timeout") return "timeout";
  if (error.kind === "too_large") return "answer too long";
  return failureReason(error.cause);
}

/** The staff chat through the Bot API's sendMessage (plain text, no markup to escape). */
export function telegramChannel(settings: TelegramSettings): ChannelSender {
  const url = `${settings.baseUrl}/bot${settings.botToken}/sendMessage`;
  // The token is part of the path: messages name the host only.
  const where = describeUrl(settings.baseUrl);
  return async (message) => {
    let response: OutboundAnswer;
    try {
      response = await fetchOutbound(url, {
        method: "POST",
        timeoutMs: settings.timeoutMs,
        maxBytes: 64 * 1024,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ chat_id: message.recipient, text: message.text.slice(0, 4096), disable_web_page_preview: true }),
      });
    } catch (error) {
      throw new DeliveryError(`telegram ${where}: ${telegramFault(error)}`, true, { cause: error });
    }
    const raw = response.text();
    let answer: z.infer<typeof telegramAnswer> | undefined;
    try {
      answer = telegramAnswer.parse(JSON.parse(raw));
    } catch {
      answer = undefined;
    }
    if (response.status >= 200 && response.status <= 299 && answer?.ok) return;
    const reason = `telegram ${where}: HTTP ${response.status}${answer?.description ? ` ${answer.description}` : ""}`;
    // 429 (too many requests) and the service's own faults pass; 400/401/403 are the bot's settings.
    throw new DeliveryError(reason, response.status === 429 || response.status >= 500 || !answer);
  };
}
