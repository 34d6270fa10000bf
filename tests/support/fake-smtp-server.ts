// A local stand-in for a mail server (smtp-server on 127.0.0.1, a free port): it keeps every
// message it accepted as a mailbox does (one per Message-ID), and can refuse a message with a
// temporary (4xx) or permanent (5xx) reply, or hold its answer to the DATA command (the mail is
// received but the sender never hears "250 OK": a crash test kills the sender then).
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { checkMessageText, visibleText } from "./text-checks.ts";

export type ReceivedMail = { messageId: string; from: string; to: string[]; subject: string; text: string; html: string };

export type FakeSmtpServer = {
  /** smtp://127.0.0.1:PORT */
  url: string;
  /** Every message whose DATA arrived whole, duplicates included. */
  received: ReceivedMail[];
  /** The mailbox: one message per Message-ID, as a receiving mail system keeps it. */
  mailbox(): ReceivedMail[];
  /** The next messages are refused with this reply code (421, 451, 550…), until set to undefined. */
  refuseWith(code: number | undefined): void;
  /** Answers to DATA wait until release() (the messages are received meanwhile). */
  holdReplies(): void;
  release(): void;
  /** Resolves when this many messages have arrived whole. */
  waitForMessages(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusal: number | undefined;
  let holding = false;
  const held: Array<() => void> = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusal) {
          const error = Object.assign(new Error(refusal >= 500 ? "Mailbox unavailable" : "Try again later"), { responseCode: refusal });
          callback(error);
          return;
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push({
            messageId: mail.messageId ?? "",
            from: mail.from?.text ?? "",
            to: session.envelope.rcptTo.map((address) => address.address),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
          });
          for (const waiter of waiters.filter((w) => received.length >= w.count)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
          if (holding) held.push(() => callback());
          else callback();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  // A client that is killed mid-conversation resets its connection: nothing to report.
  server.on("error", () => undefined);
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailbox() {
      const seen = new Map<string, ReceivedMail>();
      for (const mail of received) if (!seen.has(mail.messageId)) seen.set(mail.messageId, mail);
      // Read as the buyer would: no «[object Object]», «undefined», «NaN» or «null» (text-checks.ts).
      for (const mail of seen.values()) checkMessageText(`The e-mail «${mail.subject}»`, `${mail.subject}\n${mail.text}\n${visibleText(mail.html)}`);
      return [...seen.values()];
    },
    refuseWith(code) {
      refusal = code;
    },
    holdReplies() {
      holding = true;
    },
    release() {
      holding = false;
      for (const reply of held.splice(0)) reply();
    },
    waitForMessages(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the fake SMTP server got ${received.length} of ${count} messages`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async close() {
      holding = false;
      for (const reply of held.splice(0)) reply();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
