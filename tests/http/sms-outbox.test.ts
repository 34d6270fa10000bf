import { appendFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readEmails } from "#tests/support/email-outbox.ts";
import { normalizePhone, readSmsCodes, readSmsMessages, waitForSmsCode } from "#tests/support/sms-outbox.ts";

const line = (to: string, code: string, sentAt: string) => `${JSON.stringify({ to, text: `Код для входа: ${code}`, code, sentAt })}\n`;

describe("the SMS outbox reader used by sign-in suites", () => {
  let dir: string;
  let file: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "sms-outbox-"));
    file = path.join(dir, "outbox.jsonl");
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("finds no codes before anything was sent (no file yet)", async () => {
    expect(await readSmsMessages(file)).toEqual([]);
    expect(await readSmsCodes(file, "+79161234567")).toEqual([]);
  });

  it("returns the codes sent to one phone, oldest first, whatever way the phone is written", async () => {
    await writeFile(
      file,
      line("+79161234567", "1111", "2026-01-01T10:00:00.000Z") +
        line("+79260000000", "2222", "2026-01-01T10:00:01.000Z") +
        line("+79161234567", "3333", "2026-01-01T10:02:00.000Z"),
    );
    expect(await readSmsCodes(file, "+79161234567")).toEqual(["1111", "3333"]);
    expect(await readSmsCodes(file, "8 (916) 123-45-67")).toEqual(["1111", "3333"]);
    expect(await readSmsCodes(file, "+7 926 000-00-00")).toEqual(["2222"]);
    const [first] = await readSmsMessages(file);
    expect(first).toEqual({ to: "+79161234567", text: "Код для входа: 1111", code: "1111", sentAt: "2026-01-01T10:00:00.000Z" });
  });

  it("ignores a last line that is still being written", async () => {
    await writeFile(file, line("+79161234567", "1111", "2026-01-01T10:00:00.000Z") + '{"to":"+7916123');
    expect(await readSmsCodes(file, "+79161234567")).toEqual(["1111"]);
  });

  it("rejects a malformed complete line instead of hiding it", async () => {
    await writeFile(file, "not json\n");
    await expect(readSmsMessages(file)).rejects.toThrow(/line 1 is not JSON/);
  });

  it("waits for a code sent after a moment, skipping older ones", async () => {
    await writeFile(file, line("+79161234567", "1111", "2026-01-01T10:00:00.000Z"));
    const after = new Date("2026-01-01T10:01:00.000Z");
    const waiting = waitForSmsCode(file, "+79161234567", { after, timeoutMs: 5_000, intervalMs: 20 });
    setTimeout(() => void appendFile(file, line("+79161234567", "4821", "2026-01-01T10:01:30.000Z")), 150);
    await expect(waiting).resolves.toBe("4821");
  });

  it("gives up with a clear message when no code arrives", async () => {
    await writeFile(file, line("+79260000000", "2222", "2026-01-01T10:00:00.000Z"));
    await expect(waitForSmsCode(file, "+79161234567", { timeoutMs: 200, intervalMs: 20 })).rejects.toThrow(/No SMS to \+79161234567 .*holds 1 message/);
  });

  it("fails the suite that reads an SMS showing a value printed without being turned into words", async () => {
    await writeFile(
      file,
      `${JSON.stringify({ to: "+79161234567", text: "Заказ 2026-000001 передан курьеру: NaN ₽", code: "", sentAt: "2026-01-01T10:00:00.000Z" })}\n`,
    );
    await expect(readSmsMessages(file)).rejects.toThrow(/The SMS to \+79161234567 shows «NaN»/);
  });

  it("fails the suite that reads an e-mail showing one, in its text or only in its HTML", async () => {
    const email = (text: string, html: string) => `${JSON.stringify({ to: "a@example.ru", subject: "Заказ 2026-000001", text, html, key: "k" })}\n`;
    await writeFile(file, email("Доставка: Курьер СДЭК, Казань", "<p>Доставка: Курьер СДЭК, Казань</p>"));
    expect(await readEmails(file)).toHaveLength(1);
    await writeFile(file, email("Доставка: Курьер СДЭК, [object Object]", "<p>Доставка</p>"));
    await expect(readEmails(file)).rejects.toThrow(/The e-mail «Заказ 2026-000001» to a@example.ru shows «\[object Object\]»/);
    await writeFile(file, email("Доставка: Курьер СДЭК", "<p>Адрес: <b>undefined</b></p>"));
    await expect(readEmails(file)).rejects.toThrow(/shows «undefined»/);
  });

  it("normalises Russian numbers and refuses others", () => {
    expect(normalizePhone("89161234567")).toBe("+79161234567");
    expect(normalizePhone("7 916 123 45 67")).toBe("+79161234567");
    expect(normalizePhone("9161234567")).toBe("+79161234567");
    expect(() => normalizePhone("12345")).toThrow(/Not a Russian phone/);
  });
});
