// A local fake of the Telegram Bot API: records every call, answers sendMessage like Telegram,
// and can misbehave the ways Telegram does: 429 with retry_after, 403 for a chat that blocked the bot.
import { type FakeServer, startFakeHttpServer } from "./fake-http-server.ts";

export const fakeBotToken = "123456:ABCdefGhIJKlmNoPQRstuVWxyZ0123456789";
export const fakeBotUsername = "aurum_test_bot";
export const fakeWebhookSecret = "test-webhook-secret-0123456789";

export type SentMessage = { chatId: string; text: string; at: number };

export type FakeTelegram = {
  baseUrl: string;
  /** Every sendMessage Telegram accepted, in order. */
  sent: SentMessage[];
  /** Every call by method name (sendMessage refused ones included), with its time. */
  calls: Array<{ method: string; body: Record<string, unknown>; at: number }>;
  /** Chats whose buyer blocked the bot: sendMessage answers 403. */
  blocked: Set<string>;
  /**
   * The next this many sendMessage calls to `chatId` answer 429 with retry_after `retryAfter` seconds.
   * One chat's: another chat's message (an earlier test's notification retried meanwhile) must not use the 429 up.
   */
  limit(times: number, retryAfter: number, chatId: string): void;
  /** Texts sent to one chat. */
  textsTo(chatId: string): string[];
  /** An update getUpdates hands out (from its offset on) until the shop confirms it with a later offset. */
  queueUpdate(update: Record<string, unknown>): void;
  server: FakeServer;
  close(): Promise<void>;
};

export async function startFakeTelegram(): Promise<FakeTelegram> {
  let limited = 0;
  let limitedChat = "";
  let queued: Array<Record<string, unknown>> = [];
  let retryAfter = 1;
  const json = (status: number, body: unknown) => ({ status, contentType: "application/json", body: JSON.stringify(body) });
  const fake: FakeTelegram = {
    baseUrl: "",
    sent: [],
    calls: [],
    blocked: new Set(),
    limit(times, seconds, chatId) {
      limited = times;
      retryAfter = seconds;
      limitedChat = chatId;
    },
    textsTo: (chatId) => fake.sent.filter((message) => message.chatId === chatId).map((message) => message.text),
    queueUpdate: (update) => void queued.push(update),
    server: undefined as unknown as FakeServer,
    close: () => fake.server.close(),
  };
  fake.server = await startFakeHttpServer((request) => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.path);
    if (!match || match[1] !== fakeBotToken) return json(401, { ok: false, error_code: 401, description: "Unauthorized" });
    const method = match[2]!;
    const body = (request.body ? JSON.parse(request.body) : {}) as Record<string, unknown>;
    fake.calls.push({ method, body, at: Date.now() });
    if (method === "sendMessage") {
      const chatId = String(body.chat_id);
      if (fake.blocked.has(chatId)) return json(403, { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" });
      if (limited > 0 && chatId === limitedChat) {
        limited--;
        return json(429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfter}`, parameters: { retry_after: retryAfter } });
      }
      fake.sent.push({ chatId, text: String(body.text), at: Date.now() });
      return json(200, { ok: true, result: { message_id: fake.sent.length, chat: { id: Number(chatId), type: "private" }, date: 0, text: body.text } });
    }
    if (method === "getUpdates") {
      // Telegram forgets what an offset confirms; with nothing new it holds the poll a while (briefly here).
      const offset = typeof body.offset === "number" ? body.offset : 0;
      queued = queued.filter((update) => (update.update_id as number) >= offset);
      return queued.length > 0 ? json(200, { ok: true, result: queued }) : { ...json(200, { ok: true, result: [] }), delayMs: 300 };
    }
    return json(200, { ok: true, result: true });
  });
  fake.baseUrl = fake.server.baseUrl;
  return fake;
}

/** The shop's bot for buyers at the fake, its updates by webhook. */
export function buyersBotSettings(baseUrl: string): Record<string, string> {
  return { TELEGRAM_BOT_TOKEN: fakeBotToken, TELEGRAM_BOT_USERNAME: fakeBotUsername, TELEGRAM_WEBHOOK_SECRET: fakeWebhookSecret, TELEGRAM_BASE_URL: baseUrl };
}

let updateIds = 1000;

/** A private message to the bot as Telegram posts it to the webhook. */
export function messageUpdate(chatId: string, text: string): Record<string, unknown> {
  const id = updateIds++;
  return {
    update_id: id,
    message: {
      message_id: id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: Number(chatId), type: "private", first_name: "Пётр" },
      from: { id: Number(chatId), is_bot: false, first_name: "Пётр" },
      text,
    },
  };
}
