import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { notifications, orders, users } from "../db/schema.ts";
import { log } from "../shared/log.server.ts";
import { type Channels, DeliveryError, emailChannel, type OutgoingMessage } from "./channels.server.ts";
import type { NotificationEvent, OrderFacts } from "./events.ts";
import { listNotifications, type OutboxSettings, recordNotifications } from "./outbox.server.ts";
import { backoffMs, deliverDueNotifications, type SenderSettings } from "./sender.server.ts";

const database = withTempDatabase("notifications-test");
const folder = mkdtempSync(path.join(tmpdir(), "notify-outbox-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const settings: OutboxSettings = {
  shop: { name: "Аурум", publicUrl: "https://aurum.example", phone: "+7 (495) 269-69-99", email: "info@aurum.example" },
  staffEmails: ["manager@aurum.example", "owner@aurum.example"],
  staffTelegramChat: "-100200300",
};
const sender: SenderSettings = { maxAttempts: 3, leaseMs: 60_000, batchSize: 20 };

let orderCount = 0;
/** An order in the database (the outbox row points to it) and its facts. */
async function orderFacts(overrides: Partial<OrderFacts> = {}): Promise<OrderFacts> {
  const { db } = database.handle;
  const number = `2026-${String(++orderCount).padStart(6, "0")}`;
  const [user] = await db
    .insert(users)
    .values({ phone: `+7916${String(orderCount).padStart(7, "0")}` })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      number,
      userId: user!.id,
      checkoutToken: number,
      contact: { name: "Иван", lastName: "", secondName: "", email: "", phone: user!.phone },
      city: { code: "0000073738", name: "Москва" },
      delivery: {},
      paymentId: 4,
      goodsTotal: 84065,
      total: 84065,
    })
    .returning();
  return {
    id: order!.id,
    number,
    total: 84065,
    delivery: "Пункт выдачи СДЭК",
    deliveryKind: "point",
    paysOnline: true,
    buyer: { name: "Иван", phone: "+79161112233", email: "ivan@example.ru" },
    lines: [{ name: "Соболь", quantity: 1 }],
    paymentDueAt: null,
    ...overrides,
  };
}

/** A channel that records what it was given, and can be told to fail. */
function recordingChannel() {
  const received: OutgoingMessage[] = [];
  let failure: DeliveryError | undefined;
  const send = async (message: OutgoingMessage) => {
    if (failure) throw failure;
    received.push(message);
  };
  return { send, received, failWith: (error: DeliveryError | undefined) => (failure = error) };
}

async function record(event: NotificationEvent, outbox = settings, now = new Date()) {
  const { db } = database.handle;
  await db.transaction(async (tx) => recordNotifications(tx, event, outbox, now));
}

beforeEach(async () => {
  await database.handle.db.delete(notifications);
});

describe("the outbox", () => {
  it("writes one message per channel and recipient of the routing table, and stores an occurrence once", async () => {
    const order = await orderFacts();
    await record({ kind: "order_placed", order });
    await record({ kind: "order_placed", order });
    const rows = await listNotifications(database.handle.db);
    expect(rows.map((row) => `${row.audience}/${row.channel}/${row.recipient}`).sort()).toEqual([
      "buyer/email/ivan@example.ru",
      "buyer/sms/+79161112233",
      "staff/email/manager@aurum.example",
      "staff/email/owner@aurum.example",
      "staff/telegram/-100200300",
    ]);
    expect(rows.every((row) => row.status === "pending")).toBe(true);
  });

  it("skips the buyer's e-mail when the profile has none, says why, and keeps the other channels", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
    await record({ kind: "order_paid", order: await orderFacts({ buyer: { name: "Иван", phone: "+79161112233", email: "" } }) });
    const rows = await listNotifications(database.handle.db);
    const email = rows.find((row) => row.audience === "buyer" && row.channel === "email");
    expect(email).toMatchObject({ status: "skipped", lastError: "нет адреса e-mail в профиле" });
    expect(rows.find((row) => row.audience === "buyer" && row.channel === "sms")?.status).toBe("pending");
    expect(info).toHaveBeenCalledWith("notification skipped", expect.objectContaining({ channel: "email" }));
    info.mockRestore();
  });

  it("leaves out staff channels that are not set up", async () => {
    await record({ kind: "order_placed", order: await orderFacts() }, { ...settings, staffEmails: [], staffTelegramChat: undefined });
    const rows = await listNotifications(database.handle.db);
    expect(rows.every((row) => row.audience === "buyer")).toBe(true);
  });
});

describe("the sender", () => {
  it("delivers each due message once and marks it sent", async () => {
    const sms = recordingChannel();
    const email = recordingChannel();
    const telegram = recordingChannel();
    const channels: Channels = { sms: sms.send, email: email.send, telegram: telegram.send };
    await record({ kind: "order_placed", order: await orderFacts() });
    const first = await deliverDueNotifications(database.handle.db, channels, sender);
    const second = await deliverDueNotifications(database.handle.db, channels, sender);
    expect(first).toMatchObject({ sent: 5, retried: 0, failed: 0 });
    expect(second).toMatchObject({ sent: 0 });
    expect(sms.received.map((message) => message.recipient)).toEqual(["+79161112233"]);
    expect(email.received.map((message) => message.recipient).sort()).toEqual(["ivan@example.ru", "manager@aurum.example", "owner@aurum.example"]);
    expect(telegram.received).toHaveLength(1);
    const rows = await listNotifications(database.handle.db);
    expect(rows.every((row) => row.status === "sent" && row.sentAt !== null && row.attempts === 1)).toBe(true);
  });

  it("does not send the buyer 'pay by …' once the order is paid (a quick payer gets only 'paid'); staff still hear of the order", async () => {
    const sms = recordingChannel();
    const email = recordingChannel();
    const telegram = recordingChannel();
    const channels: Channels = { sms: sms.send, email: email.send, telegram: telegram.send };
    const paidQuickly = await orderFacts({ paymentDueAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    const stillUnpaid = await orderFacts({ paymentDueAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    const { db } = database.handle;
    await db.update(orders).set({ status: "awaiting_payment" }).where(eq(orders.id, stillUnpaid.id));
    await record({ kind: "order_placed", order: paidQuickly });
    await record({ kind: "order_placed", order: stillUnpaid });
    // Paid before the sender's next round: the confirmation with its deadline has not gone out yet.
    await db.update(orders).set({ status: "paid" }).where(eq(orders.id, paidQuickly.id));
    await record({ kind: "order_paid", order: paidQuickly });
    await deliverDueNotifications(db, channels, sender);
    const toBuyer = [...sms.received, ...email.received].filter((message) => message.recipient === "+79161112233" || message.recipient === "ivan@example.ru");
    const deadlineTexts = toBuyer.filter((message) => message.text.includes("Оплатите до"));
    expect(deadlineTexts.map((message) => message.text.includes(`№${stillUnpaid.number}`))).toEqual([true, true]);
    expect(
      toBuyer.filter((message) => message.text.includes(`№${paidQuickly.number}`)).every((message) => /оплачен/.test(`${message.subject} ${message.text}`)),
    ).toBe(true);
    expect(toBuyer.filter((message) => message.text.includes(`№${paidQuickly.number}`))).toHaveLength(2);
    expect(telegram.received.filter((message) => message.text.includes(`Новый заказ №${paidQuickly.number}`))).toHaveLength(1);
    const skipped = (await listNotifications(db, { orderId: paidQuickly.id })).filter((row) => row.status === "skipped");
    expect(skipped.map((row) => [row.event, row.audience, row.lastError])).toEqual([
      ["order_placed", "buyer", "заказ уже не ждёт оплаты"],
      ["order_placed", "buyer", "заказ уже не ждёт оплаты"],
    ]);
  });

  it("retries a gateway that is down with growing waits, then marks the message failed with the reason", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const sms = recordingChannel();
    sms.failWith(new DeliveryError("smsru: HTTP 503", true));
    await record(
      { kind: "order_shipped", order: await orderFacts(), trackingNumber: "1234567890" },
      { ...settings, staffEmails: [], staffTelegramChat: undefined },
    );
    const channels: Channels = { sms: sms.send, email: recordingChannel().send };
    let now = new Date("2026-11-23T10:00:00Z");
    await database.handle.db.update(notifications).set({ nextAttemptAt: now });

    expect((await deliverDueNotifications(database.handle.db, channels, sender, now)).retried).toBe(1);
    // Not due again before the backoff has passed.
    expect((await deliverDueNotifications(database.handle.db, channels, sender, new Date(now.getTime() + backoffMs(1) - 1000))).retried).toBe(0);
    now = new Date(now.getTime() + backoffMs(1));
    expect((await deliverDueNotifications(database.handle.db, channels, sender, now)).retried).toBe(1);
    now = new Date(now.getTime() + backoffMs(2));
    expect((await deliverDueNotifications(database.handle.db, channels, sender, now)).failed).toBe(1);

    const [row] = (await listNotifications(database.handle.db, { failedOnly: true })).filter((r) => r.channel === "sms");
    expect(row).toMatchObject({ status: "failed", attempts: 3, lastError: "smsru: HTTP 503" });
    expect(backoffMs(1)).toBe(30_000);
    expect(backoffMs(2)).toBe(60_000);
    expect(backoffMs(20)).toBe(60 * 60_000);
    warn.mockRestore();
    error.mockRestore();
  });

  it("gives up at once on a permanent refusal", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const telegram = recordingChannel();
    telegram.failWith(new DeliveryError("telegram: HTTP 403 bot was kicked", false));
    await record({ kind: "order_paid", order: await orderFacts() }, { ...settings, staffEmails: [] });
    const result = await deliverDueNotifications(
      database.handle.db,
      { sms: recordingChannel().send, email: recordingChannel().send, telegram: telegram.send },
      sender,
    );
    expect(result).toMatchObject({ sent: 2, failed: 1 });
    expect((await listNotifications(database.handle.db, { failedOnly: true }))[0]).toMatchObject({
      channel: "telegram",
      attempts: 1,
      lastError: "telegram: HTTP 403 bot was kicked",
    });
    error.mockRestore();
  });

  it("delivers a message once into the outbox file although its sender died between sending and marking it sent", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const file = path.join(folder, "crash.jsonl");
    const email = emailChannel({ provider: "file", outboxFile: file, smtpUrl: undefined, from: "Аурум <shop@aurum.example>", timeoutMs: 1000 });
    await record({ kind: "order_completed", order: await orderFacts() });
    const taken = new Date("2026-11-23T10:00:00Z");
    await database.handle.db.update(notifications).set({ nextAttemptAt: taken });

    // The first sender writes the e-mail, then "dies": its process ends before the row is marked.
    const dying: Channels = {
      email: async (message) => {
        await email(message);
        throw new Error("process killed");
      },
    };
    await deliverDueNotifications(database.handle.db, dying, { ...sender, maxAttempts: 1 }, taken).catch(() => undefined);
    // What a killed process leaves: the row still 'sending'. (Here the catch above marked it; put it back as a crash leaves it.)
    await database.handle.db.update(notifications).set({ status: "sending", takenAt: taken, lastError: null });

    // Within the lease nobody takes it; after it, the next sender does, with the same key.
    expect((await deliverDueNotifications(database.handle.db, { email }, sender, new Date(taken.getTime() + 30_000))).sent).toBe(0);
    const after = await deliverDueNotifications(database.handle.db, { email }, sender, new Date(taken.getTime() + sender.leaseMs + 1000));
    expect(after).toMatchObject({ reclaimed: 1, sent: 1 });

    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { to: string; key: string });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.to).toBe("ivan@example.ru");
    const [row] = await database.handle.db.select().from(notifications).where(eq(notifications.channel, "email"));
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    warn.mockRestore();
    error.mockRestore();
  });

  it("lets two senders at once deliver every message exactly once", async () => {
    const email = recordingChannel();
    for (let i = 0; i < 15; i++) await record({ kind: "order_completed", order: await orderFacts() });
    const slowEmail = async (message: OutgoingMessage) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      await email.send(message);
    };
    await Promise.all([
      deliverDueNotifications(database.handle.db, { email: slowEmail }, { ...sender, batchSize: 5 }),
      deliverDueNotifications(database.handle.db, { email: slowEmail }, { ...sender, batchSize: 5 }),
      deliverDueNotifications(database.handle.db, { email: slowEmail }, { ...sender, batchSize: 5 }),
    ]);
    const keys = email.received.map((message) => message.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(15);
  });
});
