import { createHash, timingSafeEqual } from "node:crypto";
import { and, desc, eq, notInArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.server.ts";
import { orders } from "../db/schema.ts";
import { buyerOfChat, recordTelegramReply, redeemLinkToken, unlinkChat } from "../notifications/telegram-links.server.ts";
import { orderStatusLabels } from "../orders/statuses.ts";
import { courseKeys } from "../quotes/instruments.ts";
import type { QuotesSnapshot } from "../quotes/service.server.ts";
import { formatDateTime, formatMoney } from "../shared/format.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { shop } from "../shop/contacts.ts";

/**
 * The shop's bot for buyers: /start <token> links the chat to the account whose profile made the
 * deep link, /stop unlinks it, /price tells the quotes, /orders the linked buyer's open orders,
 * /help the commands. Every answer goes through the outbox, keyed by the update.
 */

/** The part of an update the bot reads; everything else (edits, groups' service messages, buttons) is left. */
export const telegramUpdate = z.object({
  update_id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  message: z
    .object({
      chat: z.object({ id: z.number().int(), type: z.string().max(32) }),
      text: z.string().max(4096).optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdate>;

export type BotFacts = { shopName: string; publicUrl: string; quotes: () => QuotesSnapshot | undefined };

export const botTexts = {
  help: (shop: string) =>
    [
      `Бот магазина ${shop}. Команды:`,
      "/price — текущие котировки золота, серебра и доллара",
      "/orders — ваши открытые заказы",
      "/stop — отключить уведомления в Telegram",
      "/help — эта справка",
    ].join("\n"),
  unknownChat: (shop: string, publicUrl: string) =>
    `Здравствуйте! Этот чат пока не связан с аккаунтом магазина ${shop}. Чтобы получать уведомления о заказах, откройте на сайте «Личный кабинет» → «Личные данные» и нажмите «Подключить Telegram»: ${publicUrl}/my/profile\nКотировки доступны всем: /price`,
  linked: (name: string) =>
    `${name ? `${name}, Telegram` : "Telegram"} подключён к вашему аккаунту. Сюда будут приходить уведомления, которые вы выбрали в личном кабинете. /help — команды бота, /stop — отключить.`,
  badToken: (publicUrl: string) =>
    `Ссылка для подключения устарела или уже использована. Откройте «Личные данные» на сайте и нажмите «Подключить Telegram» ещё раз: ${publicUrl}/my/profile`,
  stopped: "Telegram отключён: уведомления сюда больше не придут. Подключить снова можно в личном кабинете.",
  notLinked: "Этот чат не подключён к аккаунту магазина: отключать нечего.",
  noQuotes: "Котировки сейчас недоступны, попробуйте позже.",
  noOrders: "Открытых заказов нет.",
  unknownCommand: "Не знаю такой команды.",
} as const;

/** "/start abc", "/price@aurum_bot" → the command and its argument. */
function parseCommand(text: string): { command: string; argument: string } | undefined {
  const match = /^\/([A-Za-z]{1,32})(?:@\w{1,64})?(?:\s+([\s\S]*))?$/.exec(text.trim());
  return match ? { command: match[1]!.toLowerCase(), argument: (match[2] ?? "").trim() } : undefined;
}

function priceText(facts: BotFacts): string {
  const snapshot = facts.quotes();
  if (!snapshot) return botTexts.noQuotes;
  const lines = courseKeys.map((key) => {
    const course = snapshot.courses[key];
    const unit = key.endsWith("_USD") ? "$ за унцию" : key === "USD_RUB" ? "₽ за $" : "₽ за грамм";
    return `${course.name}: ${course.course.toLocaleString("ru-RU", { maximumFractionDigits: 2 })} ${unit}`;
  });
  return [`Котировки на ${formatDateTime(snapshot.time)} (МСК):`, ...lines].join("\n");
}

/** The linked buyer's orders that are not finished, newest first; another buyer's never. */
async function ordersText(db: Database, userId: number, facts: BotFacts): Promise<string> {
  const open = await db
    .select({ id: orders.id, number: orders.number, status: orders.status, total: orders.total })
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, ["completed", "cancelled"])))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(10);
  if (open.length === 0) return botTexts.noOrders;
  return [
    "Открытые заказы:",
    ...open.map((order) => `№${order.number} — ${orderStatusLabels[order.status]}, ${formatMoney(order.total)}\n${facts.publicUrl}/my/orders/${order.id}`),
  ].join("\n");
}

/** The answer to one update; undefined when the bot keeps silent (not a private chat, no text). */
export async function answerUpdate(db: Database, update: TelegramUpdate, facts: BotFacts, now = new Date()): Promise<string | undefined> {
  const message = update.message;
  if (!message || message.chat.type !== "private" || message.text === undefined) return undefined;
  const chatId = String(message.chat.id);
  const parsed = parseCommand(message.text);
  if (parsed?.command === "start" && parsed.argument) {
    const linked = await redeemLinkToken(db, parsed.argument, chatId, now);
    return linked ? botTexts.linked(linked.name) : botTexts.badToken(facts.publicUrl);
  }
  if (parsed?.command === "price") return priceText(facts);
  if (parsed?.command === "stop") return (await unlinkChat(db, chatId, "покупатель отключил Telegram")) ? botTexts.stopped : botTexts.notLinked;
  const buyer = await buyerOfChat(db, chatId);
  if (!buyer) return botTexts.unknownChat(facts.shopName, facts.publicUrl);
  if (parsed?.command === "orders") return ordersText(db, buyer.userId, facts);
  if (parsed?.command === "help" || parsed?.command === "start") return botTexts.help(facts.shopName);
  return `${botTexts.unknownCommand}\n${botTexts.help(facts.shopName)}`;
}

/** Handles one update: its answer, if any, is written to the outbox once per update. */
export async function handleUpdate(db: Database, update: TelegramUpdate, facts: BotFacts, now = new Date()): Promise<void> {
  const answer = await answerUpdate(db, update, facts, now);
  if (answer !== undefined && update.message) await recordTelegramReply(db, update.update_id, String(update.message.chat.id), answer, now);
}

/** The webhook's secret header against the setting, in constant time (the digests have one length). */
export function webhookSecretMatches(header: string | null, secret: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return header !== null && timingSafeEqual(digest(header), digest(secret));
}

/** The shop's name, site and the process's quotes, as the bot tells them. */
export async function botFacts(publicUrl: string): Promise<BotFacts> {
  const quotes = await getQuotesService();
  return { shopName: shop.name, publicUrl, quotes: () => quotes.current() };
}
