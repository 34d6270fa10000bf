import { z } from "zod";
import { describeUrl, failureReason, fetchOutbound, OutboundHttpError } from "../shared/outbound-http.server.ts";

/**
 * The Telegram Bot API over the shop's one outbound call: POST JSON to <base>/bot<token>/<method>,
 * the answer checked by zod. Written here rather than taken from a bot framework: the shop calls four
 * methods (sendMessage, getUpdates, setWebhook, deleteWebhook).
 */

export type BotApiSettings = { botToken: string; baseUrl: string; timeoutMs: number };

const botAnswer = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  description: z.string().optional().catch(undefined),
  error_code: z.number().optional().catch(undefined),
  parameters: z.object({ retry_after: z.number().optional() }).optional().catch(undefined),
});

/** A call the Bot API refused or that did not reach it; never names the token (it is part of the path). */
export class BotApiError extends Error {
  override name = "BotApiError";
  /** The HTTP status, 0 when there was none (network, timeout, garbage). */
  readonly status: number;
  /** 429: the seconds the Bot API asks to wait. */
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, status: number, retryAfterSeconds: number | undefined, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Why a call failed, without fetchOutbound's message: its path holds the bot's token. */
function fault(error: unknown): string {
  if (!(error instanceof OutboundHttpError)) return failureReason(error);
  if (error.kind === "timeout") return "timeout";
  if (error.kind === "too_large") return "answer too long";
  return failureReason(error.cause);
}

/** Calls one Bot API method; resolves with its `result`, or throws BotApiError. */
export async function callBotApi(
  settings: BotApiSettings,
  method: string,
  body: Record<string, unknown>,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<unknown> {
  const stop = options.signal;
  const where = `telegram ${describeUrl(settings.baseUrl)} ${method}`;
  let status = 0;
  let raw = "";
  try {
    const answer = await fetchOutbound(`${settings.baseUrl}/bot${settings.botToken}/${method}`, {
      method: "POST",
      timeoutMs: options.timeoutMs ?? settings.timeoutMs,
      maxBytes: 1024 * 1024,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      // A long poll is cut short when the server stops.
      ...(stop
        ? {
            fetchImpl: (url: string | URL | Request, init?: RequestInit) =>
              fetch(url, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, stop]) : stop }),
          }
        : {}),
    });
    status = answer.status;
    raw = answer.text();
  } catch (error) {
    throw new BotApiError(`${where}: ${fault(error)}`, 0, undefined, { cause: error });
  }
  let parsed: z.infer<typeof botAnswer> | undefined;
  try {
    parsed = botAnswer.parse(JSON.parse(raw));
  } catch {
    parsed = undefined;
  }
  if (status >= 200 && status <= 299 && parsed?.ok) return parsed.result;
  throw new BotApiError(
    `${where}: HTTP ${status}${parsed?.description ? ` ${parsed.description}` : ""}`,
    parsed ? status : status >= 500 ? status : 0,
    parsed?.parameters?.retry_after,
  );
}
