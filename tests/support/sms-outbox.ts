// Reads the SMS codes the shop "sent", for suites that sign in without a phone.
//
// The outbox format (the shop writes it when SMS_OUTBOX_FILE is set; docs/architecture.md §7):
// a UTF-8 file of JSON lines, one object per SMS, appended in the order they were sent:
//
//   {"to":"+79161234567","text":"Код для входа: 4821","code":"4821","sentAt":"2026-11-21T10:15:00.000Z"}
//
//   to      the phone, normalised to +7XXXXXXXXXX
//   text    the SMS text as the buyer would read it
//   code    the 4-digit code inside that text
//   sentAt  ISO 8601 time of sending
//
// The writer appends whole lines; a last line without its newline may still be being
// written and is ignored until it is complete.
import { readFile } from "node:fs/promises";
import { checkMessageText } from "./text-checks.ts";

export type SmsMessage = { to: string; text: string; code: string; sentAt: string };

/** Every complete message in the outbox, oldest first; none when the file does not exist yet. */
export async function readSmsMessages(file: string): Promise<SmsMessage[]> {
  let content: string;
  try {
    content = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const lines = content.split("\n");
  // The part after the last newline is a line still being written (or "").
  lines.pop();
  return lines
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      let message: Partial<SmsMessage>;
      try {
        message = JSON.parse(line) as Partial<SmsMessage>;
      } catch {
        throw new Error(`${file}: line ${index + 1} is not JSON: ${line}`);
      }
      if (typeof message.to !== "string" || typeof message.code !== "string" || typeof message.sentAt !== "string") {
        throw new Error(`${file}: line ${index + 1} lacks to, code or sentAt: ${line}`);
      }
      // Every SMS a suite reads is read as the buyer would: no «[object Object]», «undefined», «NaN» or «null».
      checkMessageText(`The SMS to ${message.to}`, message.text ?? "");
      return { to: message.to, text: message.text ?? "", code: message.code, sentAt: message.sentAt };
    });
}

/** +7XXXXXXXXXX from the ways a Russian number is written ("8 (916) 123-45-67", "+7 916…"). */
export function normalizePhone(phone: string): string {
  let digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && (digits.startsWith("8") || digits.startsWith("7"))) digits = digits.slice(1);
  if (digits.length !== 10) throw new Error(`Not a Russian phone number: ${phone}`);
  return `+7${digits}`;
}

/** The sign-in codes sent to a phone, oldest first (order and other notices carry no code). */
export async function readSmsCodes(file: string, phone: string): Promise<string[]> {
  const to = normalizePhone(phone);
  return (await readSmsMessages(file)).filter((message) => message.to === to && message.code !== "").map((message) => message.code);
}

/** The messages without a code (order and buy-back notices) sent to a phone, oldest first. */
export async function readSmsNotices(file: string, phone: string): Promise<SmsMessage[]> {
  const to = normalizePhone(phone);
  return (await readSmsMessages(file)).filter((message) => message.to === to && message.code === "");
}

/**
 * Waits for a sign-in SMS to the phone sent at or after `after` (default: any time) and returns
 * the newest such code. Fails after `timeoutMs` (default 10 s) naming what the outbox held.
 */
export async function waitForSmsCode(file: string, phone: string, options: { after?: Date; timeoutMs?: number; intervalMs?: number } = {}): Promise<string> {
  const to = normalizePhone(phone);
  const after = options.after?.getTime() ?? Number.NEGATIVE_INFINITY;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const messages = await readSmsMessages(file);
    const matching = messages.filter((message) => message.to === to && message.code !== "" && Date.parse(message.sentAt) >= after);
    const newest = matching.at(-1);
    if (newest) return newest.code;
    if (Date.now() >= deadline) {
      const since = options.after ? ` sent since ${options.after.toISOString()}` : "";
      throw new Error(`No SMS to ${to}${since} in ${file} (it holds ${messages.length} message(s)).`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}
