import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { type FakeSmtpServer, startFakeSmtpServer } from "#tests/support/fake-smtp-server.ts";
import { DeliveryError, emailChannel, type OutgoingMessage, telegramChannel, telegramPacer } from "./channels.server.ts";

const message: OutgoingMessage = {
  key: "order:7:order_placed:buyer:email:ivan@example.ru",
  recipient: "ivan@example.ru",
  subject: "Заказ №2026-000007 принят — Аурум",
  text: "Ваш заказ №2026-000007 принят.\nК оплате: 84 065 ₽",
  html: "<p>Ваш заказ №2026-000007 принят.</p>",
};

async function rejection(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe("e-mail over SMTP (nodemailer)", () => {
  let smtp: FakeSmtpServer;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(() => smtp.close());
  afterEach(() => smtp.refuseWith(undefined));

  const send = () => emailChannel({ provider: "smtp", smtpUrl: smtp.url, outboxFile: undefined, from: "Аурум <shop@aurum.example>", timeoutMs: 2000 });

  it("sends the plain-text and HTML parts from the shop's address, with a Message-ID made from the idempotency key", async () => {
    await send()(message);
    await send()(message);
    const [first, second] = smtp.received.slice(-2);
    expect(first).toMatchObject({ to: ["ivan@example.ru"], subject: message.subject, text: message.text });
    expect(first!.from).toContain("shop@aurum.example");
    expect(first!.html).toContain("принят");
    expect(first!.messageId).toMatch(/^<[0-9a-f]{32}@aurum\.example>$/);
    // The same message sent twice is the same message to the receiving side.
    expect(second!.messageId).toBe(first!.messageId);
  });

  it("retries a temporary refusal (4xx) and gives up on a permanent one (5xx)", async () => {
    smtp.refuseWith(451);
    expect((await rejection(send()(message))).retryable).toBe(true);
    smtp.refuseWith(550);
    const permanent = await rejection(send()(message));
    expect(permanent.retryable).toBe(false);
    expect(permanent.message).toMatch(/^smtp: /);
  });

  it("retries when the mail server cannot be reached", async () => {
    const down = emailChannel({ provider: "smtp", smtpUrl: "smtp://127.0.0.1:9", outboxFile: undefined, from: "shop@aurum.example", timeoutMs: 1000 });
    expect((await rejection(down(message))).retryable).toBe(true);
  });
});

describe("Telegram Bot API sendMessage", () => {
  let telegram: FakeServer;
  const token = "123456:ABCdefGhIJKlmNoPQRstuVWxyZ0123456789";
  beforeAll(async () => {
    telegram = await startFakeHttpServer(() => ({ contentType: "application/json", body: JSON.stringify({ ok: true, result: { message_id: 1 } }) }));
  });
  afterAll(() => telegram.close());

  const send = (onBlocked?: (chat: string) => Promise<void>) => telegramChannel({ botToken: token, baseUrl: telegram.baseUrl, timeoutMs: 1000, onBlocked });

  it("posts the text to the staff chat as plain text", async () => {
    await send()({ ...message, recipient: "-100200300" });
    const request = telegram.requests.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe(`/bot${token}/sendMessage`);
    expect(JSON.parse(request.body)).toEqual({ chat_id: "-100200300", text: message.text, link_preview_options: { is_disabled: true } });
  });

  it("retries 429 and server faults, gives up on a refused bot, and never names the token", async () => {
    telegram.handler = () => ({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({ ok: false, error_code: 429, description: "Too Many Requests: retry after 5", parameters: { retry_after: 5 } }),
    });
    const limited = await rejection(send()(message));
    expect(limited.retryable).toBe(true);
    expect(limited.retryAfterMs).toBe(5000);
    expect(limited.message).toContain("Too Many Requests");
    telegram.handler = () => ({ status: 502, body: "Bad Gateway" });
    expect((await rejection(send()(message))).retryable).toBe(true);
    telegram.handler = () => ({
      status: 403,
      contentType: "application/json",
      body: JSON.stringify({ ok: false, error_code: 403, description: "Forbidden: bot was kicked from the group chat" }),
    });
    const blocked: string[] = [];
    const kicked = await rejection(send(async (chat) => void blocked.push(chat))(message));
    expect(kicked.retryable).toBe(false);
    expect(blocked).toEqual([message.recipient]);
    expect(kicked.message).not.toContain(token);
    telegram.handler = () => ({ fault: "reset" });
    expect((await rejection(send()(message))).retryable).toBe(true);
  });
});

describe("the Bot API's limits", () => {
  it("spaces messages a second apart in one chat and 34 ms apart overall", async () => {
    let clock = 10_000;
    const waits: number[] = [];
    const pace = telegramPacer(
      () => clock,
      async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    );
    await pace("1");
    await pace("2");
    await pace("1");
    clock += 5_000;
    await pace("1");
    expect(waits).toEqual([34, 966]);
  });
});
