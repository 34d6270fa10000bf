import { type MockInstance, afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeReply, type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { closedPort, rejectionOf } from "#tests/support/network.ts";
import { log } from "../shared/log.server.ts";
import { SMS_BAD_NUMBER_MESSAGE, SMS_RETRY_MESSAGE, SMS_UNAVAILABLE_MESSAGE, SmsSendError } from "./sms.ts";
import { classifySmsRuCode, createSmsRuGateway, interpretSmsRuAnswer } from "./smsru.server.ts";

const TO = "+79161234567";
const NUMBER = "79161234567";
const TEXT = "Код для входа: 4821. Никому не сообщайте «код» — даже нам!";

const json = (value: unknown, status = 200): FakeReply => ({ status, contentType: "application/json; charset=utf-8", body: JSON.stringify(value) });
const sent = (sms: Record<string, unknown> = { [NUMBER]: { status: "OK", status_code: 100, sms_id: "000000-10000001" } }) =>
  json({ status: "OK", status_code: 100, sms, balance: 4122.56 });
const requestError = (code: number, text = "Ошибка") => json({ status: "ERROR", status_code: code, status_text: text });
const numberError = (code: number, text = "Ошибка номера") => sent({ [NUMBER]: { status: "ERROR", status_code: code, status_text: text } });

/** The rejection of a call, which must be an SmsSendError. */
const failure = (promise: Promise<unknown>) => rejectionOf(promise, SmsSendError);

describe("the SMS.ru gateway against a fake sms.ru", () => {
  let server: FakeServer;
  const logged = {} as { info: MockInstance<typeof log.info>; warn: MockInstance<typeof log.warn>; error: MockInstance<typeof log.error> };
  beforeAll(async () => {
    server = await startFakeHttpServer(() => sent());
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.handler = () => sent();
    server.requests.length = 0;
    logged.info = vi.spyOn(log, "info").mockImplementation(() => {});
    logged.warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    logged.error = vi.spyOn(log, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  const gateway = (overrides: { from?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
    createSmsRuGateway({ apiId: "KEY-123", baseUrl: server.baseUrl, timeoutMs: 1_000, ...overrides });

  it("POSTs /sms/send form-encoded in UTF-8 with api_id, the number without +, the text intact, json=1, from and the buyer's ip", async () => {
    await gateway({ from: "CoinShop" }).send({ to: TO, text: TEXT, code: "4821" }, { ip: "203.0.113.7" });
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/sms/send");
    expect(request.rawQuery).toBe("");
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded; charset=utf-8");
    const form = new URLSearchParams(request.body);
    expect([...form.keys()]).toEqual(["api_id", "to", "msg", "json", "from", "ip"]);
    expect(Object.fromEntries(form)).toEqual({ api_id: "KEY-123", to: NUMBER, msg: TEXT, json: "1", from: "CoinShop", ip: "203.0.113.7" });
    // The Cyrillic went out as UTF-8 percent-escapes: К is D0 9A.
    expect(request.body).toContain("msg=%D0%9A%D0%BE%D0%B4");
    expect(logged.info).toHaveBeenCalledWith("SMS sent", { gateway: "smsru", to: "+7916***4567", id: "000000-10000001" });
  });

  it("leaves out from and ip when there are none", async () => {
    await gateway().send({ to: TO, text: "Код для входа: 1234" });
    expect([...new URLSearchParams(server.requests[0]!.body).keys()]).toEqual(["api_id", "to", "msg", "json"]);
  });

  it("treats a top-level OK with an error for the number as a failure about the number", async () => {
    server.handler = () => numberError(207, "На этот номер нельзя отправлять сообщения");
    const error = await failure(gateway().send({ to: TO, text: TEXT }));
    expect(error).toMatchObject({
      gateway: "smsru",
      kind: "number",
      retryable: false,
      providerCode: 207,
      userMessage: SMS_BAD_NUMBER_MESSAGE,
      message: "SMS.ru refused the number: 207 На этот номер нельзя отправлять сообщения",
    });
    expect(logged.warn).toHaveBeenCalledOnce();
  });

  it("fails when the number has no entry in an OK answer (only other numbers, or no sms at all)", async () => {
    server.handler = () => sent({ "79990000000": { status: "OK", status_code: 100, sms_id: "1" } });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "unavailable", retryable: true });
    server.handler = () => json({ status: "OK", status_code: 100, balance: 1 });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "unavailable", retryable: true });
  });

  it("reports a wrong api_id as a configuration problem, not retryable, without leaking the key", async () => {
    server.handler = () => requestError(200, "Неправильный api_id");
    const error = await failure(gateway().send({ to: TO, text: TEXT }));
    expect(error).toMatchObject({ kind: "configuration", retryable: false, providerCode: 200, userMessage: SMS_UNAVAILABLE_MESSAGE });
    expect(error.message).toBe("SMS.ru refused the request: 200 Неправильный api_id");
    expect(logged.error).toHaveBeenCalledOnce();
    expect(logged.error.mock.calls[0]![0]).toMatch(/configuration problem/);
    expect(JSON.stringify(logged.error.mock.calls)).not.toContain("KEY-123");
  });

  it.each([
    // Credentials and account.
    [200, "request", "configuration", false],
    [300, "request", "configuration", false],
    [301, "request", "configuration", false],
    [302, "request", "configuration", false],
    [201, "request", "funds", false],
    // The number.
    [202, "number", "number", false],
    [207, "number", "number", false],
    [209, "number", "number", false],
    [214, "number", "number", false],
    [215, "number", "number", false],
    [202, "request", "number", false],
    // The text.
    [216, "request", "message", false],
    // Limits and outages pass.
    [220, "request", "unavailable", true],
    [500, "request", "unavailable", true],
    [230, "number", "limit", true],
    [231, "request", "limit", true],
    [232, "number", "limit", true],
    [233, "number", "limit", true],
    [501, "request", "limit", true],
    [505, "request", "limit", true],
    [508, "request", "limit", true],
    [206, "request", "limit", false],
    [212, "request", "configuration", false],
    [999, "request", "unknown", false],
  ] as const)("maps code %i (%s level) to %s, retryable %s", async (code, level, kind, retryable) => {
    server.handler = () => (level === "request" ? requestError(code) : numberError(code));
    const error = await failure(gateway().send({ to: TO, text: TEXT }));
    expect(error).toMatchObject({ kind, retryable, providerCode: code });
    expect(error.userMessage).toBe(kind === "number" ? SMS_BAD_NUMBER_MESSAGE : retryable ? SMS_RETRY_MESSAGE : SMS_UNAVAILABLE_MESSAGE);
  });

  it("treats an HTML page answered with 200 as a retryable failure", async () => {
    server.handler = () => ({ status: 200, contentType: "text/html; charset=utf-8", body: "<html><body>Технические работы</body></html>" });
    const error = await failure(gateway().send({ to: TO, text: TEXT }));
    expect(error).toMatchObject({ kind: "unavailable", retryable: true, userMessage: SMS_RETRY_MESSAGE });
    expect(error.message).toMatch(/sms\/send answered something other than JSON \(text\/html; charset=utf-8\): <html>/);
  });

  it("treats JSON that is not an object, or an error without a code, as a retryable failure", async () => {
    server.handler = () => json([1, 2]);
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ retryable: true });
    server.handler = () => json({ status: "ERROR" });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ retryable: true });
  });

  it("treats HTTP 500 and 503 as retryable, 404 as a configuration problem", async () => {
    server.handler = () => ({ status: 500, body: "Internal Server Error" });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "unavailable", retryable: true });
    server.handler = () => json({ status: "ERROR", status_code: 220 }, 503);
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "unavailable", retryable: true });
    server.handler = () => ({ status: 404, contentType: "text/html", body: "<h1>Not found</h1>" });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "configuration", retryable: false });
  });

  it("times out a slow answer within timeoutMs", async () => {
    server.handler = () => ({ ...sent(), delayMs: 3_000 });
    const started = Date.now();
    const error = await failure(gateway({ timeoutMs: 200 }).send({ to: TO, text: TEXT }));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(error).toMatchObject({ kind: "unavailable", retryable: true });
    expect(error.message).toMatch(/sms\/send timed out after 200 ms$/);
  });

  it("treats a reset connection and a body cut short as retryable", async () => {
    server.handler = () => ({ fault: "reset" });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "unavailable", retryable: true });
    server.handler = () => ({
      fault: "truncated",
      contentType: "application/json",
      body: JSON.stringify({ status: "OK", status_code: 100, padding: "x".repeat(500) }),
    });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "unavailable", retryable: true });
  });

  it("treats a refused connection as retryable", async () => {
    const port = await closedPort();
    const error = await failure(gateway({ baseUrl: `http://127.0.0.1:${port}` }).send({ to: TO, text: TEXT }));
    expect(error).toMatchObject({ kind: "unavailable", retryable: true });
    expect(error.message).toMatch(/ECONNREFUSED/);
  });
});

describe("reading SMS.ru answers", () => {
  it("takes the number's sms_id and accepts entries with only a status_code 100", () => {
    expect(interpretSmsRuAnswer({ status: "OK", status_code: 100, sms: { [NUMBER]: { status: "OK", status_code: 100, sms_id: "1-2" } } }, NUMBER)).toEqual({
      smsId: "1-2",
    });
    expect(interpretSmsRuAnswer({ status_code: "100", sms: { [NUMBER]: { status_code: 100 } } }, NUMBER)).toEqual({ smsId: undefined });
  });

  it("names the bad field of an answer of the wrong shape, as a retryable failure", () => {
    expect(() => interpretSmsRuAnswer({ status: "OK", status_code: 100, sms: { [NUMBER]: { status: "OK", status_code: "сто" } } }, NUMBER)).toThrow(
      new RegExp(`^SMS.ru answered unexpectedly: sms\\.${NUMBER}\\.status_code: `),
    );
    expect(() => interpretSmsRuAnswer({ status: 1, status_code: 200 }, NUMBER)).toThrow(/^SMS.ru answered unexpectedly: status: /);
    expect(() => interpretSmsRuAnswer("OK", NUMBER)).toThrow(expect.objectContaining({ kind: "unavailable", retryable: true }));
  });

  it("classifies the documented ranges", () => {
    expect(classifySmsRuCode(150)).toEqual({ kind: "number", retryable: false });
    expect(classifySmsRuCode(503)).toEqual({ kind: "limit", retryable: true });
    expect(classifySmsRuCode(550)).toEqual({ kind: "limit", retryable: false });
    expect(classifySmsRuCode(234)).toEqual({ kind: "unknown", retryable: false });
  });
});
