import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { launchSubscriptions, notifications, products, telegramLinks, users } from "../db/schema.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { LAUNCH_BATCH, notifyLaunchSubscribers, subscribeToLaunch, subscriptionTexts } from "./subscriptions.server.ts";

const database = withTempDatabase("launch-subscriptions-test", async ({ db }) => {
  await productsSeeder.run(db);
});
const COIN = 5;
const HOUR = 3_600_000;

let made = 0;
async function buyers(count: number, email = "") {
  const first = made;
  made += count;
  const rows = await database.handle.db
    .insert(users)
    .values(Array.from({ length: count }, (_, index) => ({ phone: `+7902${String(first + index).padStart(7, "0")}`, name: `Покупатель ${index}`, email })))
    .returning({ id: users.id, email: users.email });
  return rows;
}

describe("«Сообщить о начале продаж»", () => {
  it("takes subscriptions only for a coming coin, and e-mail only from a buyer with an address", async () => {
    const { db } = database.handle;
    const now = new Date();
    const [buyer] = await buyers(1);
    expect(await subscribeToLaunch(db, buyer!, COIN, "sms", now)).toEqual({ ok: false, reason: subscriptionTexts.notComing });
    await db
      .update(products)
      .set({ salesOpenAt: new Date(now.getTime() + HOUR) })
      .where(eq(products.id, COIN));
    expect(await subscribeToLaunch(db, buyer!, COIN, "email", now)).toEqual({ ok: false, reason: subscriptionTexts.noEmail });
    expect(await subscribeToLaunch(db, buyer!, COIN, "sms", now)).toMatchObject({ ok: true });
    // Twice is once.
    expect(await subscribeToLaunch(db, buyer!, COIN, "sms", now)).toMatchObject({ ok: true });
    const rows = await db.select().from(launchSubscriptions).where(eq(launchSubscriptions.userId, buyer!.id));
    expect(rows).toHaveLength(1);
  });

  it("tells every subscriber once, in batches, only after the moment, by the channel chosen", async () => {
    const { db } = database.handle;
    await db.delete(launchSubscriptions);
    const opensAt = new Date(Date.now() + HOUR);
    await db.update(products).set({ salesOpenAt: opensAt, buyerCap: 2 }).where(eq(products.id, COIN));
    const people = await buyers(7, "buyer@example.ru");
    for (const [index, person] of people.entries()) {
      expect(await subscribeToLaunch(db, person, COIN, index % 2 === 0 ? "sms" : "email")).toMatchObject({ ok: true });
    }
    // Before the moment nothing is written.
    expect(await notifyLaunchSubscribers(db, new Date(opensAt.getTime() - 1_000), 3)).toBe(0);
    // At it: seven messages in batches of three, then none on the next rounds.
    expect(await notifyLaunchSubscribers(db, opensAt, 3)).toBe(7);
    expect(await notifyLaunchSubscribers(db, new Date(opensAt.getTime() + 15_000), 3)).toBe(0);
    const messages = await db.select().from(notifications).where(eq(notifications.event, "launch_opened"));
    expect(messages).toHaveLength(7);
    expect(messages.filter((message) => message.channel === "sms")).toHaveLength(4);
    expect(messages.filter((message) => message.channel === "email")).toHaveLength(3);
    const sms = messages.find((message) => message.channel === "sms")!;
    expect(sms.text).toContain("начались продажи монеты");
    expect(sms.text).toContain("Не более 2 шт. в одни руки.");
    // Two rounds at once (two instances): still one message each.
    const more = await buyers(1, "late@example.ru");
    await db
      .update(products)
      .set({ salesOpenAt: new Date(Date.now() + HOUR) })
      .where(eq(products.id, COIN));
    await subscribeToLaunch(db, more[0]!, COIN, "sms");
    const later = new Date(Date.now() + 2 * HOUR);
    const counts = await Promise.all([notifyLaunchSubscribers(db, later), notifyLaunchSubscribers(db, later)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await db.select().from(notifications).where(eq(notifications.event, "launch_opened"))).toHaveLength(8);
  });

  it("takes a subscription by Telegram only from a buyer who linked it, and tells them there", async () => {
    const { db } = database.handle;
    await db.delete(launchSubscriptions);
    const opensAt = new Date(Date.now() + HOUR);
    await db.update(products).set({ salesOpenAt: opensAt }).where(eq(products.id, COIN));
    const [buyer] = await buyers(1);
    expect(await subscribeToLaunch(db, buyer!, COIN, "telegram")).toEqual({ ok: false, reason: subscriptionTexts.noTelegram });
    await db.insert(telegramLinks).values({ userId: buyer!.id, chatId: "7003", kinds: [] });
    expect(await subscribeToLaunch(db, buyer!, COIN, "telegram")).toEqual({ ok: true, message: "Сообщим о начале продаж в Telegram." });
    const settings = {
      shop: { name: "Аурум", publicUrl: "https://aurum.example", phone: "", email: "" },
      staffEmails: [],
      staffTelegramChat: undefined,
      buyerTelegram: true,
    };
    expect(await notifyLaunchSubscribers(db, opensAt, LAUNCH_BATCH, settings)).toBe(1);
    const told = await db.select().from(notifications).where(eq(notifications.recipient, "7003"));
    expect(told.map(({ channel, event }) => ({ channel, event }))).toEqual([{ channel: "telegram", event: "launch_opened" }]);
    expect(told[0]!.text).toContain("Начались продажи:");
  });
});
