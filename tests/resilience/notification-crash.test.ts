// The notification sender killed between 'taken' and 'sent': the staff e-mail of a
// buy-back request reaches a fake mail server, which holds its "250 OK"; the shop is killed
// (SIGKILL) right then, so the outbox row stays 'sending'. Started again on the same database,
// the shop takes the row again once its lease is over and sends it with the same Message-ID:
// the mailbox holds the message once, and the row ends 'sent' after two tries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "#tests/support/commands.ts";
import { type FakeSmtpServer, startFakeSmtpServer } from "#tests/support/fake-smtp-server.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";

let smtp: FakeSmtpServer;
let database: ShopDatabase;
let shop: Shop | undefined;

const env = () => ({
  EMAIL_PROVIDER: "smtp",
  SMTP_URL: smtp.url,
  EMAIL_FROM: "Аурум <shop@aurum.example>",
  STAFF_NOTIFY_EMAILS: "manager@aurum.example",
  NOTIFY_POLL_INTERVAL_MS: "200",
  // The lease is six times the channel's time limit: a taken message is taken again after 6 s.
  NOTIFY_TIMEOUT_MS: "1000",
});

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  database = await createShopDatabase();
});
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await smtp?.close();
});

describe("a sender killed mid-send", () => {
  it("delivers the message once to the mailbox after the shop comes back", async () => {
    shop = await database.start(env());
    smtp.holdReplies();
    const client = new ShopClient(shop.url);
    await client.get("/coin-buyback");
    const sent = await client.postForm("/coin-buyback", {
      name: "Пётр Сидоров",
      phone: "+7 (903) 555-66-77",
      items: "Соболь, 3 шт.",
      comment: "",
      consent: "on",
    });
    expect(sent.status).toBe(303);

    // The mail server has the message; the shop is still waiting for its answer: kill it now.
    await smtp.waitForMessages(1);
    shop.kill("SIGKILL");
    await shop.stop();
    smtp.release();

    const stranded = await runCommand("scripts/orders.ts", ["notifications"], database.env);
    expect(stranded.stdout).toMatch(/buyback_received {2}сотрудникам email manager@aurum\.example {2}отправляется/);

    shop = await database.start(env());
    await smtp.waitForMessages(2, 30_000);
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.messageId).toBe(smtp.received[0]!.messageId);
    expect(smtp.mailbox()).toHaveLength(1);
    expect(smtp.mailbox()[0]!.subject).toMatch(/^Заявка на выкуп В-\d{6} — Аурум$/);

    // Marked sent, after two tries; and not sent a third time.
    await shop.stop();
    const settled = await runCommand("scripts/orders.ts", ["notifications"], database.env);
    expect(settled.stdout).toMatch(/buyback_received {2}сотрудникам email manager@aurum\.example {2}отправлено, попыток 2/);
    expect(smtp.received).toHaveLength(2);
  }, 120_000);
});
