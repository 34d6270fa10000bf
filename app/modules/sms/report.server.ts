import { log } from "../shared/log.server.ts";
import { type SmsGatewayId, SmsSendError, maskPhone } from "./sms.ts";

/**
 * Logs a failed send once, at the level it deserves, and returns it as an SmsSendError
 * (anything else a gateway threw — a bug — becomes a non-retryable one):
 * the operator's problems (credentials, funds, settings, refused text, unknown codes)
 * at error level; the buyer's number, limits and outages at warn level.
 */
export function reportSmsFailure(gateway: SmsGatewayId, to: string, error: unknown): SmsSendError {
  const failure =
    error instanceof SmsSendError
      ? error
      : new SmsSendError(`The ${gateway} gateway failed: ${error instanceof Error ? error.message : String(error)}`, {
          gateway,
          kind: "unknown",
          retryable: false,
          cause: error,
        });
  const details = { gateway, to: maskPhone(to), kind: failure.kind, retryable: failure.retryable, reason: failure.message };
  switch (failure.kind) {
    case "configuration":
      log.error("SMS not sent: configuration problem of the SMS gateway, check SMS_* settings and the account", details);
      break;
    case "funds":
      log.error("SMS not sent: the SMS gateway account is out of money", details);
      break;
    case "message":
    case "unknown":
      log.error("SMS not sent", details);
      break;
    default:
      log.warn("SMS not sent", details);
  }
  return failure;
}
