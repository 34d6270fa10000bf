// Reads the e-mails the shop "sent" with EMAIL_PROVIDER=file: one JSON line per message.
import { readFile } from "node:fs/promises";
import { checkMessageText, visibleText } from "./text-checks.ts";

export type OutboxEmail = { to: string; subject: string; text: string; html: string; key: string };

/**
 * Every e-mail in the outbox file, oldest first; none while the file does not exist. Throws when
 * one shows a value printed without being turned into words (text-checks.ts), in its subject, its
 * text or its HTML's visible text.
 */
export async function readEmails(file: string): Promise<OutboxEmail[]> {
  const content = await readFile(file, "utf8").catch(() => "");
  const emails = content
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEmail);
  for (const email of emails) checkMessageText(`The e-mail «${email.subject}» to ${email.to}`, `${email.subject}\n${email.text}\n${visibleText(email.html)}`);
  return emails;
}
