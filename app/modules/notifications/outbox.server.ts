import { and, desc, eq, inArray } from "drizzle-orm";
import { getConfig } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import { notifications } from "../db/schema.ts";
import { shop } from "../shop/contacts.ts";
import { log } from "../shared/log.server.ts";
import { type NotificationAudience, type NotificationChannel, type NotificationEvent, notificationRoutes, occurrenceKey } from "./events.ts";
import { renderMessage, type ShopFacts } from "./templates.ts";
import { officeHoursText } from "../config/office-hours.ts";
import { readOfficeHoursNow } from "../pickup/office-hours.server.ts";
import { sellerLine } from "../shop/seller.ts";
import { telegramKindOf } from "./telegram-kinds.ts";
import { type TelegramLink, telegramOfPhone } from "./telegram-links.server.ts";
import { returnTermsLine } from "../shop/return-terms.ts";

/** Who the staff messages go to, and which channels are set up. */
export type OutboxSettings = {
  shop: ShopFacts;
  staffEmails: readonly string[];
  /** The staff Telegram chat; undefined when no bot is set up. */
  staffTelegramChat: string | undefined;
  /** Buyers may link their Telegram (the bot and its name are set up). */
  buyerTelegram?: boolean;
};

export function outboxSettings(): OutboxSettings {
  const config = getConfig();
  return {
    shop: {
      name: shop.name,
      publicUrl: config.publicUrl,
      phone: shop.phones.main.display,
      email: shop.email,
      seller: sellerLine(config.seller),
      returnTerms: returnTermsLine(config.returns),
    },
    staffEmails: config.notifications.staffEmails,
    staffTelegramChat: config.notifications.telegram?.chatId,
    buyerTelegram: Boolean(config.notifications.telegram?.botUsername),
  };
}

type Recipient = { audience: NotificationAudience; channel: NotificationChannel; address: string; missing?: string };

function buyerOf(event: NotificationEvent): { phone: string; email: string } {
  return "order" in event
    ? { phone: event.order.buyer.phone, email: event.order.buyer.email }
    : "alert" in event
      ? { phone: event.alert.buyer.phone, email: event.alert.buyer.email }
      : "launch" in event
        ? { phone: event.launch.buyer.phone, email: event.launch.buyer.email }
        : "preorder" in event
          ? { phone: event.preorder.buyer.phone, email: event.preorder.buyer.email }
          : { phone: event.request.phone, email: "" };
}

function buyerAddress(event: NotificationEvent, channel: NotificationChannel): { address: string; missing?: string } {
  const person = buyerOf(event);
  if (channel === "sms") return person.phone ? { address: person.phone } : { address: "", missing: "нет номера телефона" };
  if (channel === "email") return person.email ? { address: person.email } : { address: "", missing: "нет адреса e-mail в профиле" };
  return { address: "", missing: "у покупателя нет этого канала" };
}

/**
 * Everyone an event's messages go to, by notificationRoutes; staff channels that are not set up are left out.
 * A buyer's linked Telegram gets the events of the groups they chose, besides SMS and e-mail.
 */
export function recipientsOf(event: NotificationEvent, settings: OutboxSettings, telegram?: TelegramLink): Recipient[] {
  const route = notificationRoutes[event.kind];
  const chosen = "alert" in event ? event.alert.channel : "launch" in event ? event.launch.channel : undefined;
  // Telegram is the buyer's own choice, below: never by the event's table alone.
  const buyerChannels = (chosen ? route.buyer.filter((channel) => channel === chosen) : route.buyer).filter((channel) => channel !== "telegram");
  const recipients: Recipient[] = buyerChannels.map((channel) => ({ audience: "buyer" as const, channel, ...buyerAddress(event, channel) }));
  const group = telegramKindOf(event.kind);
  const wantsTelegram = chosen === "telegram" || (group !== undefined && route.buyer.length > 0 && telegram?.kinds.includes(group));
  if (settings.buyerTelegram && wantsTelegram) {
    recipients.push({
      audience: "buyer",
      channel: "telegram",
      ...(telegram ? { address: telegram.chatId } : { address: "", missing: "Telegram покупателя не подключён" }),
    });
  }
  for (const channel of route.staff) {
    if (channel === "email") recipients.push(...settings.staffEmails.map((address) => ({ audience: "staff" as const, channel, address })));
    if (channel === "telegram" && settings.staffTelegramChat) recipients.push({ audience: "staff", channel, address: settings.staffTelegramChat });
  }
  return recipients;
}

/**
 * Writes the messages of one event into the outbox. Call it inside the transaction of the
 * change the event tells of: the messages exist exactly when the change does. Writing the
 * same occurrence again stores nothing new. A buyer without an address for a channel gets a
 * 'skipped' row that says why, and the other channels as usual.
 */
export async function recordNotifications(
  db: Database,
  event: NotificationEvent,
  settings: OutboxSettings = outboxSettings(),
  now = new Date(),
): Promise<void> {
  const occurrence = occurrenceKey(event);
  const orderId = "order" in event ? event.order.id : null;
  const telegram = settings.buyerTelegram ? await telegramOfPhone(db, buyerOf(event).phone) : undefined;
  // An office order's messages say the office's hours: the ones staff set, read in the change's transaction.
  const shop =
    "order" in event && event.order.deliveryKind === "office"
      ? { ...settings.shop, officeHours: officeHoursText(await readOfficeHoursNow(db)) }
      : settings.shop;
  const rows = recipientsOf(event, settings, telegram).map((recipient) => {
    const message = renderMessage(event, recipient.audience, recipient.channel, shop, now);
    return {
      key: `${occurrence}:${recipient.audience}:${recipient.channel}:${recipient.address}`,
      event: event.kind,
      audience: recipient.audience,
      channel: recipient.channel,
      recipient: recipient.address,
      subject: message.subject,
      text: message.text,
      html: message.html,
      orderId,
      ...(recipient.missing ? { status: "skipped" as const, lastError: recipient.missing } : {}),
      nextAttemptAt: now,
      createdAt: now,
    };
  });
  for (const row of rows) {
    if (row.status === "skipped") log.info("notification skipped", { event: row.event, channel: row.channel, why: row.lastError, order: orderId ?? undefined });
  }
  if (rows.length > 0) await db.insert(notifications).values(rows).onConflictDoNothing({ target: notifications.key });
}

export type NotificationRow = typeof notifications.$inferSelect;

/** The newest notifications for the operator: all, or only those given up on. */
export async function listNotifications(db: Database, options: { failedOnly?: boolean; orderId?: number; limit?: number } = {}): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        options.failedOnly ? inArray(notifications.status, ["failed"]) : undefined,
        options.orderId === undefined ? undefined : eq(notifications.orderId, options.orderId),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(options.limit ?? 50);
}
