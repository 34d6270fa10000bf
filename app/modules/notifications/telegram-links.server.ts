import { createHash, randomBytes } from "node:crypto";
import { and, eq, lte, or } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { notifications, telegramLinks, telegramLinkTokens, users } from "../db/schema.ts";
import { knownTelegramKinds, type TelegramKind, telegramKinds } from "./telegram-kinds.ts";

/**
 * A buyer's Telegram chat: linked by the deep link t.me/<bot>?start=<token> with a one-time token
 * from /my/profile, unlinked by /stop, the profile's button or the bot being blocked (403).
 */

/** How long a deep link's token can be used: the buyer opens Telegram from the profile right away. */
export const LINK_TOKEN_MINUTES = 15;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new one-time token for the buyer's deep link; the buyer's earlier tokens and everyone's expired ones go. */
export async function createLinkToken(db: Database, userId: number, now = new Date()): Promise<string> {
  // 32 bytes in base64url: 43 characters of [A-Za-z0-9_-], within the start parameter's 64.
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.delete(telegramLinkTokens).where(or(eq(telegramLinkTokens.userId, userId), lte(telegramLinkTokens.expiresAt, now)));
    await tx
      .insert(telegramLinkTokens)
      .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(now.getTime() + LINK_TOKEN_MINUTES * 60_000), createdAt: now });
  });
  return token;
}

export type LinkedBuyer = { userId: number; name: string };

/**
 * Spends the token and links the chat to its buyer, every group chosen. A chat linked to another
 * buyer before moves to this one, and a buyer's earlier chat is replaced. Undefined when the token
 * is unknown, used or expired.
 */
export async function redeemLinkToken(db: Database, token: string, chatId: string, now = new Date()): Promise<LinkedBuyer | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return undefined;
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .delete(telegramLinkTokens)
      .where(eq(telegramLinkTokens.tokenHash, hashToken(token)))
      .returning();
    if (!spent || spent.expiresAt <= now) return undefined;
    const [buyer] = await tx.select({ name: users.name, deletedAt: users.deletedAt }).from(users).where(eq(users.id, spent.userId)).limit(1);
    if (!buyer || buyer.deletedAt) return undefined;
    await tx.delete(telegramLinks).where(or(eq(telegramLinks.chatId, chatId), eq(telegramLinks.userId, spent.userId)));
    await tx.insert(telegramLinks).values({ userId: spent.userId, chatId, kinds: [...telegramKinds], linkedAt: now });
    return { userId: spent.userId, name: buyer.name };
  });
}

export type TelegramLink = { chatId: string; kinds: TelegramKind[]; linkedAt: Date };

export async function telegramLinkOf(db: Database, userId: number): Promise<TelegramLink | undefined> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId)).limit(1);
  return row ? { chatId: row.chatId, kinds: knownTelegramKinds(row.kinds), linkedAt: row.linkedAt } : undefined;
}

/** The buyer linked to a chat, if any. */
export async function buyerOfChat(db: Database, chatId: string): Promise<LinkedBuyer | undefined> {
  const [row] = await db
    .select({ userId: telegramLinks.userId, name: users.name })
    .from(telegramLinks)
    .innerJoin(users, eq(users.id, telegramLinks.userId))
    .where(eq(telegramLinks.chatId, chatId))
    .limit(1);
  return row;
}

/** The chat of the buyer who signed in with this phone, and the groups they send to it. */
export async function telegramOfPhone(db: Database, phone: string): Promise<TelegramLink | undefined> {
  if (!phone) return undefined;
  const [row] = await db
    .select({ chatId: telegramLinks.chatId, kinds: telegramLinks.kinds, linkedAt: telegramLinks.linkedAt })
    .from(telegramLinks)
    .innerJoin(users, eq(users.id, telegramLinks.userId))
    .where(eq(users.phone, phone))
    .limit(1);
  return row ? { ...row, kinds: knownTelegramKinds(row.kinds) } : undefined;
}

export async function setTelegramKinds(db: Database, userId: number, kinds: readonly TelegramKind[]): Promise<boolean> {
  const updated = await db
    .update(telegramLinks)
    .set({ kinds: knownTelegramKinds(kinds) })
    .where(eq(telegramLinks.userId, userId))
    .returning({ userId: telegramLinks.userId });
  return updated.length > 0;
}

export async function unlinkUser(db: Database, userId: number): Promise<boolean> {
  const gone = await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId)).returning({ userId: telegramLinks.userId });
  await db.delete(telegramLinkTokens).where(eq(telegramLinkTokens.userId, userId));
  return gone.length > 0;
}

/** Unlinks a chat (/stop, or the bot blocked by the buyer); its unsent messages are skipped. */
export async function unlinkChat(db: Database, chatId: string, why: string): Promise<boolean> {
  const gone = await db.delete(telegramLinks).where(eq(telegramLinks.chatId, chatId)).returning({ userId: telegramLinks.userId });
  await db
    .update(notifications)
    .set({ status: "skipped", lastError: why })
    .where(
      and(eq(notifications.channel, "telegram"), eq(notifications.audience, "buyer"), eq(notifications.recipient, chatId), eq(notifications.status, "pending")),
    );
  return gone.length > 0;
}

/** Answers one chat may have waiting: a chat that floods the bot gets no more, and cannot hold up the others' messages. */
export const MAX_WAITING_REPLIES = 3;

/**
 * The bot's answer to one update, through the outbox like every message: the update's id in the
 * key, so an update delivered twice (a webhook retried, a poll repeated) is answered once.
 */
export async function recordTelegramReply(db: Database, updateId: number, chatId: string, text: string, now = new Date()): Promise<void> {
  const waiting = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.status, "pending"), eq(notifications.event, "telegram_reply"), eq(notifications.recipient, chatId)))
    .limit(MAX_WAITING_REPLIES);
  if (waiting.length >= MAX_WAITING_REPLIES) return;
  await db
    .insert(notifications)
    .values({
      key: `telegram:update:${updateId}:${chatId}`,
      event: "telegram_reply",
      audience: "buyer",
      channel: "telegram",
      recipient: chatId,
      text: text.slice(0, 4096),
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: notifications.key });
}
