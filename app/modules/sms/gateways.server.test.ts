import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readSmsMessages } from "#tests/support/sms-outbox.ts";
import type { AppConfig } from "../config/config.server.ts";
import { log } from "../shared/log.server.ts";
import { createFileGateway, createLogGateway, createSmsGateway } from "./gateways.server.ts";
import { SMS_BAD_NUMBER_MESSAGE, SMS_RETRY_MESSAGE, SMS_UNAVAILABLE_MESSAGE, SmsSendError, maskPhone, phoneDigits } from "./sms.ts";

const smsConfig = (overrides: Partial<AppConfig["sms"]> = {}): AppConfig["sms"] => ({
  provider: "log",
  outboxFile: undefined,
  timeoutMs: 10_000,
  smsru: { apiId: undefined, from: undefined, baseUrl: "https://sms.ru" },
  smsc: { login: undefined, password: undefined, sender: undefined, baseUrl: "https://smsc.ru" },
  ...overrides,
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("createSmsGateway", () => {
  it("gives the gateway SMS_PROVIDER names", () => {
    expect(createSmsGateway(smsConfig()).id).toBe("log");
    expect(createSmsGateway(smsConfig({ provider: "file", outboxFile: "/tmp/outbox.jsonl" })).id).toBe("file");
    expect(createSmsGateway(smsConfig({ provider: "smsru", smsru: { apiId: "k", from: undefined, baseUrl: "https://sms.ru" } })).id).toBe("smsru");
    expect(createSmsGateway(smsConfig({ provider: "smsc", smsc: { login: "l", password: "p", sender: undefined, baseUrl: "https://smsc.ru" } })).id).toBe(
      "smsc",
    );
  });

  it("refuses a gateway without its keys", () => {
    expect(() => createSmsGateway(smsConfig({ provider: "file" }))).toThrow(/SMS_OUTBOX_FILE/);
    expect(() => createSmsGateway(smsConfig({ provider: "smsru" }))).toThrow(/SMSRU_API_ID/);
    expect(() => createSmsGateway(smsConfig({ provider: "smsc" }))).toThrow(/SMSC_LOGIN and SMSC_PASSWORD/);
  });
});

describe("the log gateway", () => {
  it("writes the phone, the code and the text to the log at info level", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    await createLogGateway().send({ to: "+79161234567", text: "Код для входа: 4821", code: "4821" });
    expect(info).toHaveBeenCalledExactlyOnceWith("SMS not sent (SMS_PROVIDER=log)", {
      to: "+79161234567",
      code: "4821",
      text: '"Код для входа: 4821"',
    });
  });

  it("puts one readable line on stdout", async () => {
    vi.stubEnv("LOG_LEVEL", "info");
    const lines: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    await createSmsGateway(smsConfig()).send({ to: "+79161234567", text: "Код для входа: 4821", code: "4821" });
    await createLogGateway().send({ to: "+79260000000", text: "Без кода" });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/ INFO  SMS not sent \(SMS_PROVIDER=log\) to=\+79161234567 code=4821 text="Код для входа: 4821"\n$/);
    expect(lines[1]).toMatch(/ to=\+79260000000 text="Без кода"\n$/);
  });
});

describe("the file gateway", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "sms-file-gateway-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("appends exactly the documented line, creating the folders", async () => {
    const file = path.join(dir, "a", "b", "outbox.jsonl");
    const gateway = createFileGateway({ file, now: () => new Date("2026-11-21T10:15:00.000Z") });
    await gateway.send({ to: "+79161234567", text: "Код для входа: 4821", code: "4821" });
    expect(await readFile(file, "utf8")).toBe('{"to":"+79161234567","text":"Код для входа: 4821","code":"4821","sentAt":"2026-11-21T10:15:00.000Z"}\n');
    await gateway.send({ to: "+79260000000", text: "Код для входа: 0007", code: "0007" });
    expect(await readSmsMessages(file)).toEqual([
      { to: "+79161234567", text: "Код для входа: 4821", code: "4821", sentAt: "2026-11-21T10:15:00.000Z" },
      { to: "+79260000000", text: "Код для входа: 0007", code: "0007", sentAt: "2026-11-21T10:15:00.000Z" },
    ]);
  });

  it("keeps the suites' reader working for a message without a code and text with quotes and newlines", async () => {
    const file = path.join(dir, "outbox.jsonl");
    await createSmsGateway(smsConfig({ provider: "file", outboxFile: file })).send({ to: "+79161234567", text: 'Заказ "№ 12"\nготов' });
    const [message] = await readSmsMessages(file);
    expect(message).toMatchObject({ to: "+79161234567", text: 'Заказ "№ 12"\nготов', code: "" });
    expect(Date.parse(message!.sentAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await readFile(file, "utf8")).split("\n")).toHaveLength(2);
  });

  it("keeps concurrent sends whole lines, in the order they were sent, across gateways on the same file", async () => {
    const file = path.join(dir, "outbox.jsonl");
    const first = createFileGateway({ file });
    const second = createFileGateway({ file: path.join(dir, ".", "outbox.jsonl") });
    // 800 kB lines: Node writes a file in 512 kB pieces, so unserialised appends would interleave.
    const padding = "Ж".repeat(400_000);
    const sends = Array.from({ length: 24 }, (_, index) => {
      const code = String(index).padStart(4, "0");
      return (index % 2 ? second : first).send({ to: "+79161234567", text: `Код для входа: ${code} ${padding}`, code });
    });
    await Promise.all(sends);
    const content = await readFile(file, "utf8");
    expect(content.endsWith("\n")).toBe(true);
    const messages = await readSmsMessages(file);
    expect(messages.map((message) => message.code)).toEqual(Array.from({ length: 24 }, (_, index) => String(index).padStart(4, "0")));
    for (const message of messages) expect(message.text).toBe(`Код для входа: ${message.code} ${padding}`);
  });

  it("fails with an SmsSendError when the outbox cannot be written, and goes on writing afterwards", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    await writeFile(path.join(dir, "blocker"), "a file where a folder should be");
    const blocked = createFileGateway({ file: path.join(dir, "blocker", "outbox.jsonl") });
    const failed = await blocked.send({ to: "+79161234567", text: "Код для входа: 1111", code: "1111" }).catch((caught: unknown) => caught);
    expect(failed).toBeInstanceOf(SmsSendError);
    expect(failed).toMatchObject({ gateway: "file", kind: "configuration", retryable: false });
    expect(error).toHaveBeenCalledOnce();

    await rm(path.join(dir, "blocker"));
    await mkdir(path.join(dir, "blocker"));
    await blocked.send({ to: "+79161234567", text: "Код для входа: 2222", code: "2222" });
    expect((await readSmsMessages(path.join(dir, "blocker", "outbox.jsonl"))).map((message) => message.code)).toEqual(["2222"]);
  });
});

describe("SmsSendError and phone helpers", () => {
  it("chooses the buyer's message from the kind and retryability unless given", () => {
    expect(new SmsSendError("x", { gateway: "smsru", kind: "number", retryable: false }).userMessage).toBe(SMS_BAD_NUMBER_MESSAGE);
    expect(new SmsSendError("x", { gateway: "smsru", kind: "limit", retryable: true }).userMessage).toBe(SMS_RETRY_MESSAGE);
    expect(new SmsSendError("x", { gateway: "smsc", kind: "funds", retryable: false }).userMessage).toBe(SMS_UNAVAILABLE_MESSAGE);
    const custom = new SmsSendError("x", { gateway: "smsc", kind: "unknown", retryable: false, userMessage: "Своё", providerCode: 5, cause: "c" });
    expect(custom).toMatchObject({ name: "SmsSendError", message: "x", userMessage: "Своё", providerCode: 5, cause: "c" });
    expect(custom).toBeInstanceOf(Error);
  });

  it("writes numbers as digits for the gateways and masked for the log", () => {
    expect(phoneDigits("+79161234567")).toBe("79161234567");
    expect(maskPhone("+79161234567")).toBe("+7916***4567");
    expect(maskPhone("+7")).toBe("***");
  });
});
