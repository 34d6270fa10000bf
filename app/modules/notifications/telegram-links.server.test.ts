import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, telegramLinkTokens, users } from "../db/schema.ts";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import {
  createLinkToken,
  LINK_TOKEN_MINUTES,
  MAX_WAITING_REPLIES,
  recordTelegramReply,
  redeemLinkToken,
  telegramLinkOf,
  telegramOfPhone,
  unlinkChat,
} from "./telegram-links.server.ts";

const database = withTempDatabase("telegram-links-test");
const MINUTE = 60_000;

let made = 0;
async function buyer(): Promise<{ id: number; phone: string }> {
  const phone = `+7903${String(made++).padStart(7, "0")}`;
  const [row] = await database.handle.db.insert(users).values({ phone, name: "Пётр" }).returning({ id: users.id, phone: users.phone });
  return row!;
}

describe("the deep link's one-time token", () => {
  it("links once, and not after it expires", async () => {
    const { db } = database.handle;
    const now = new Date();
    const first = await buyer();
    const token = await createLinkToken(db, first.id, now);
    expect(await redeemLinkToken(db, token, "8001", new Date(now.getTime() + LINK_TOKEN_MINUTES * MINUTE + 1))).toBeUndefined();
    const second = await createLinkToken(db, first.id, now);
    expect(await redeemLinkToken(db, second, "8001", new Date(now.getTime() + MINUTE))).toEqual({ userId: first.id, name: "Пётр" });
    expect(await redeemLinkToken(db, second, "8002", new Date(now.getTime() + MINUTE))).toBeUndefined();
    expect(await telegramLinkOf(db, first.id)).toMatchObject({ chatId: "8001", kinds: ["orders", "payments", "buyback", "alerts", "launches"] });
    expect(await redeemLinkToken(db, "../../etc", "8001")).toBeUndefined();
  });

  it("keeps one token per buyer, only its hash, and drops everyone's expired ones", async () => {
    const { db } = database.handle;
    const now = new Date();
    const [one, two] = [await buyer(), await buyer()];
    await createLinkToken(db, one.id, new Date(now.getTime() - 2 * LINK_TOKEN_MINUTES * MINUTE));
    await createLinkToken(db, two.id, now);
    const latest = await createLinkToken(db, two.id, now);
    const rows = await db.select().from(telegramLinkTokens);
    expect(rows.filter((row) => row.userId === one.id)).toHaveLength(0);
    expect(rows.filter((row) => row.userId === two.id).map((row) => row.tokenHash)).toEqual([createHash("sha256").update(latest).digest("hex")]);
  });

  it("moves a chat to the buyer who linked it last; unlinking skips the chat's waiting messages", async () => {
    const { db } = database.handle;
    const [one, two] = [await buyer(), await buyer()];
    await redeemLinkToken(db, await createLinkToken(db, one.id), "8100");
    await redeemLinkToken(db, await createLinkToken(db, two.id), "8100");
    expect(await telegramLinkOf(db, one.id)).toBeUndefined();
    expect(await telegramOfPhone(db, two.phone)).toMatchObject({ chatId: "8100" });
    await recordTelegramReply(db, 1, "8100", "ответ");
    await recordTelegramReply(db, 1, "8100", "ответ ещё раз");
    expect(await unlinkChat(db, "8100", "бот заблокирован покупателем")).toBe(true);
    const waiting = await db.select().from(notifications).where(eq(notifications.recipient, "8100"));
    expect(waiting.map(({ status, lastError, text }) => ({ status, lastError, text }))).toEqual([
      { status: "skipped", lastError: "бот заблокирован покупателем", text: "ответ" },
    ]);
    expect(await unlinkChat(db, "8100", "again")).toBe(false);
  });

  it("keeps at most a few answers waiting for one chat, so a chat flooding the bot holds up nobody", async () => {
    const { db } = database.handle;
    for (let update = 100; update < 110; update++) await recordTelegramReply(db, update, "8200", `ответ ${update}`);
    expect(await db.select().from(notifications).where(eq(notifications.recipient, "8200"))).toHaveLength(MAX_WAITING_REPLIES);
  });
});
