import { type MockInstance, afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeReply, type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { closedPort, rejectionOf } from "#tests/support/network.ts";
import { log } from "../shared/log.server.ts";
import { SMS_BAD_NUMBER_MESSAGE, SMS_RETRY_MESSAGE, SMS_UNAVAILABLE_MESSAGE, SmsSendError } from "./sms.ts";
import { classifySmscCode, createSmscGateway, interpretSmscAnswer } from "./smsc.server.ts";

const TO = "+79161234567";
const TEXT = "Код для входа: 4821. Никому не сообщайте «код» — даже нам!";

const json = (value: unknown, status = 200): FakeReply => ({ status, contentType: "application/json; charset=utf-8", body: JSON.stringify(value) });
const sent = () => json({ id: 1234567, cnt: 1 });

/** The rejection of a call, which must be an SmsSendError. */
const failure = (promise: Promise<unknown>) => rejectionOf(promise, SmsSendError);

describe("the SMSC gateway against a fake smsc.ru", () => {
  let server: FakeServer;
  let info: MockInstance<typeof log.info>;
  let warn: MockInstance<typeof log.warn>;
  let error: MockInstance<typeof log.error>;
  beforeAll(async () => {
    server = await startFakeHttpServer(() => sent());
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.handler = () => sent();
    server.requests.length = 0;
    info = vi.spyOn(log, "info").mockImplementation(() => {});
    warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    error = vi.spyOn(log, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  const gateway = (overrides: { sender?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
    createSmscGateway({ login: "coinshop", password: "s3cret", baseUrl: server.baseUrl, timeoutMs: 1_000, ...overrides });

  it("POSTs /sys/send.php form-encoded with login, psw, the number without +, the UTF-8 text, fmt=3, charset=utf-8 and the sender", async () => {
    await gateway({ sender: "CoinShop" }).send({ to: TO, text: TEXT, code: "4821" }, { ip: "203.0.113.7" });
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/sys/send.php");
    expect(request.rawQuery).toBe("");
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded; charset=utf-8");
    const form = new URLSearchParams(request.body);
    expect([...form.keys()]).toEqual(["login", "psw", "phones", "mes", "fmt", "charset", "sender"]);
    expect(Object.fromEntries(form)).toEqual({
      login: "coinshop",
      psw: "s3cret",
      phones: "79161234567",
      mes: TEXT,
      fmt: "3",
      charset: "utf-8",
      sender: "CoinShop",
    });
    expect(request.body).toContain("mes=%D0%9A%D0%BE%D0%B4");
    expect(info).toHaveBeenCalledWith("SMS sent", { gateway: "smsc", to: "+7916***4567", id: 1234567 });
  });

  it("leaves out the sender when there is none", async () => {
    await gateway().send({ to: TO, text: "Код для входа: 1234" });
    expect(new URLSearchParams(server.requests[0]!.body).has("sender")).toBe(false);
  });

  it("reads both error shapes: without and with the message id", async () => {
    server.handler = () => json({ error: "authorise error", error_code: 2 });
    const auth = await failure(gateway().send({ to: TO, text: TEXT }));
    expect(auth).toMatchObject({ gateway: "smsc", kind: "configuration", retryable: false, providerCode: 2, userMessage: SMS_UNAVAILABLE_MESSAGE });
    expect(auth.message).toBe("SMSC refused the message: 2 authorise error");
    expect(error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0]![0]).toMatch(/configuration problem/);
    expect(JSON.stringify(error.mock.calls)).not.toContain("s3cret");

    server.handler = () => json({ error: "invalid phone", error_code: 7, id: 1234567 });
    const phone = await failure(gateway().send({ to: TO, text: TEXT }));
    expect(phone).toMatchObject({ kind: "number", retryable: false, providerCode: 7, userMessage: SMS_BAD_NUMBER_MESSAGE });
    expect(warn).toHaveBeenCalledOnce();
  });

  it.each([
    [1, "configuration", false],
    [2, "configuration", false],
    [3, "funds", false],
    [4, "limit", true],
    [5, "configuration", false],
    [6, "message", false],
    [7, "number", false],
    [8, "number", false],
    [9, "limit", true],
    [42, "unknown", false],
  ] as const)("maps error_code %i to %s, retryable %s", async (code, kind, retryable) => {
    server.handler = () => json({ error: "some error", error_code: code, ...(code === 3 || code >= 6 ? { id: 77 } : {}) });
    const failed = await failure(gateway().send({ to: TO, text: TEXT }));
    expect(failed).toMatchObject({ kind, retryable, providerCode: code });
    expect(failed.userMessage).toBe(kind === "number" ? SMS_BAD_NUMBER_MESSAGE : retryable ? SMS_RETRY_MESSAGE : SMS_UNAVAILABLE_MESSAGE);
  });

  it("accepts an error_code sent as a string and refuses an error without a code", async () => {
    server.handler = () => json({ error: "duplicate request, wait a minute", error_code: "9" });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "limit", retryable: true, providerCode: 9 });
    server.handler = () => json({ error: "something" });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "unknown", retryable: false });
  });

  it("treats an answer without id or error, JSON that is not an object and an HTML page as retryable failures", async () => {
    server.handler = () => json({ cnt: 1 });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "unavailable", retryable: true });
    server.handler = () => json("OK");
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "unavailable", retryable: true });
    server.handler = () => ({ status: 200, contentType: "text/html", body: "<html>502 Bad Gateway</html>" });
    const html = await failure(gateway().send({ to: TO, text: TEXT }));
    expect(html).toMatchObject({ kind: "unavailable", retryable: true, userMessage: SMS_RETRY_MESSAGE });
    expect(html.message).toMatch(/send\.php answered something other than JSON \(text\/html\)/);
  });

  it("treats HTTP 500 and 429 as retryable, 403 as a configuration problem", async () => {
    server.handler = () => ({ status: 500, body: "oops" });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "unavailable", retryable: true });
    server.handler = () => ({ status: 429, body: "slow down" });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "unavailable", retryable: true });
    server.handler = () => ({ status: 403, body: "forbidden" });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "configuration", retryable: false });
  });

  it("times out a slow answer, and a body that stops half-way, within timeoutMs", async () => {
    server.handler = () => ({ ...sent(), delayMs: 3_000 });
    let started = Date.now();
    const slow = await failure(gateway({ timeoutMs: 200 }).send({ to: TO, text: TEXT }));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(slow).toMatchObject({ kind: "unavailable", retryable: true });
    expect(slow.message).toMatch(/send\.php timed out after 200 ms$/);

    server.handler = () => ({ fault: "stall-body", contentType: "application/json", body: JSON.stringify({ id: 1, cnt: 1, pad: "x".repeat(200) }) });
    started = Date.now();
    const stalled = await failure(gateway({ timeoutMs: 200 }).send({ to: TO, text: TEXT }));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(stalled).toMatchObject({ kind: "unavailable", retryable: true });
  });

  it("treats a reset and a refused connection as retryable", async () => {
    server.handler = () => ({ fault: "reset" });
    expect(await failure(gateway().send({ to: TO, text: TEXT }))).toMatchObject({ kind: "unavailable", retryable: true });
    const port = await closedPort();
    const refused = await failure(gateway({ baseUrl: `http://127.0.0.1:${port}` }).send({ to: TO, text: TEXT }));
    expect(refused).toMatchObject({ kind: "unavailable", retryable: true });
    expect(refused.message).toMatch(/ECONNREFUSED/);
  });
});

describe("reading SMSC answers", () => {
  it("takes the id of a success, with or without cost and balance", () => {
    expect(interpretSmscAnswer({ id: 1234567, cnt: 1 })).toEqual({ id: 1234567 });
    expect(interpretSmscAnswer({ id: 5, cnt: 2, cost: "2.95", balance: "431.20" })).toEqual({ id: 5 });
  });

  it("names the bad field of an answer of the wrong shape, as a retryable failure", () => {
    expect(() => interpretSmscAnswer({ id: "abc", cnt: 1 })).toThrow(/^SMSC answered unexpectedly: id: /);
    expect(() => interpretSmscAnswer({ error: "x", error_code: [2] })).toThrow(/^SMSC answered unexpectedly: error_code: /);
    expect(() => interpretSmscAnswer([1])).toThrow(expect.objectContaining({ kind: "unavailable", retryable: true }));
  });

  it("classifies every documented code", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((code) => classifySmscCode(code).retryable)).toEqual([false, false, false, true, false, false, false, false, true]);
  });
});
