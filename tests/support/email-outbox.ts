// Reads the e-mails the shop "sent" with EMAIL_PROVIDER=file: one JSON line per message.
import { readFile } from "node:fs/promises";

export type OutboxEmail = { to: string; subject: string; text: string; html: string; key: string };

/** Every e-mail in the outbox file, oldest first; none while the file does not exist. */
export async function readEmails(file: string): Promise<OutboxEmail[]> {
  const content = await readFile(file, "utf8").catch(() => "");
  return content
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEmail);
}
