import path from "node:path";
import type { AppConfig } from "../config/config.server.ts";
import { appendToOutbox } from "../shared/jsonl-outbox.server.ts";
import { log } from "../shared/log.server.ts";
import { reportSmsFailure } from "./report.server.ts";
import { type SmsGateway, SmsSendError } from "./sms.ts";
import { createSmscGateway } from "./smsc.server.ts";
import { createSmsRuGateway } from "./smsru.server.ts";

/** The gateway SMS_PROVIDER names, with its settings. */
export function createSmsGateway(config: AppConfig["sms"]): SmsGateway {
  switch (config.provider) {
    case "log":
      return createLogGateway();
    case "file":
      if (!config.outboxFile) throw new Error("SMS_PROVIDER=file needs SMS_OUTBOX_FILE");
      return createFileGateway({ file: config.outboxFile });
    case "smsru":
      if (!config.smsru.apiId) throw new Error("SMS_PROVIDER=smsru needs SMSRU_API_ID");
      return createSmsRuGateway({
        apiId: config.smsru.apiId,
        from: config.smsru.from,
        baseUrl: config.smsru.baseUrl,
        timeoutMs: config.timeoutMs,
      });
    case "smsc":
      if (!config.smsc.login || !config.smsc.password) throw new Error("SMS_PROVIDER=smsc needs SMSC_LOGIN and SMSC_PASSWORD");
      return createSmscGateway({
        login: config.smsc.login,
        password: config.smsc.password,
        sender: config.smsc.sender,
        baseUrl: config.smsc.baseUrl,
        timeoutMs: config.timeoutMs,
      });
  }
}

/** Nothing is sent: the phone, the code and the text go to the server log (info level). */
export function createLogGateway(): SmsGateway {
  return {
    id: "log",
    async send(message) {
      log.info("SMS not sent (SMS_PROVIDER=log)", {
        to: message.to,
        ...(message.code === undefined ? {} : { code: message.code }),
        text: JSON.stringify(message.text),
      });
    },
  };
}

/**
 * Nothing is sent: each message becomes one JSON line of the outbox the test suites read
 * (format in tests/support/sms-outbox.ts):
 *
 *   {"to":"+79161234567","text":"Код для входа: 4821","code":"4821","sentAt":"2026-11-21T10:15:00.000Z"}
 *
 * `code` is the message's code ("" for a message without one); `key`, when present, is the
 * notification's idempotency key, and a message whose key is already in the file is not
 * written again (the outbox honours it as a gateway would). Each line is written by a
 * single append with its newline, one at a time within this process; the folder is
 * created when missing.
 */
export function createFileGateway(options: { file: string; now?: () => Date }): SmsGateway {
  const file = path.resolve(options.file);
  const now = options.now ?? (() => new Date());
  return {
    id: "file",
    async send(message) {
      try {
        await appendToOutbox(file, {
          to: message.to,
          text: message.text,
          code: message.code ?? "",
          sentAt: now().toISOString(),
          ...(message.key ? { key: message.key } : {}),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw reportSmsFailure(
          "file",
          message.to,
          new SmsSendError(`Writing the SMS outbox ${file} failed: ${reason}`, { gateway: "file", kind: "configuration", retryable: false, cause: error }),
        );
      }
    },
  };
}
