import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../db/client.server.ts";
import { lockKeys } from "../db/client.server.ts";
import { type LeaderLoop, startLeaderLoop } from "../db/leader-loop.server.ts";
import { launchSubscriptions, products, users } from "../db/schema.ts";
import { type OutboxSettings, outboxSettings, recordNotifications } from "../notifications/outbox.server.ts";
import { telegramLinkOf } from "../notifications/telegram-links.server.ts";
import { log } from "../shared/log.server.ts";
import { onReadsChanged } from "../shared/read-cache.ts";
import { isComing } from "./launch.ts";

/**
 * «Сообщить о начале продаж» (decision 056): a signed-in buyer subscribes to a coming coin by SMS,
 * e-mail or their linked Telegram; when its sales open, a leader loop writes each subscriber's message to the outbox in
 * batches, marking the subscription in the same transaction, so each is told exactly once.
 */

export type LaunchChannel = "sms" | "email" | "telegram";

export const subscriptionTexts = {
  notComing: "Продажи этой монеты уже начались или она не анонсирована: купить её можно на её странице.",
  noEmail: "В профиле нет адреса e-mail: укажите его в личном кабинете или выберите SMS.",
  noTelegram: "Telegram не подключён: подключите его в личном кабинете, в разделе «Личные данные», или выберите SMS.",
  subscribed: (channel: LaunchChannel) =>
    channel === "sms" ? "Сообщим о начале продаж по SMS." : channel === "email" ? "Сообщим о начале продаж по e-mail." : "Сообщим о начале продаж в Telegram.",
  unsubscribed: "Больше не сообщим о начале продаж этой монеты.",
} as const;

/** Subscribes the buyer to the coin's opening by one channel (twice is once); a refusal in Russian. */
export async function subscribeToLaunch(
  db: Database,
  buyer: { id: number; email: string | null },
  productId: number,
  channel: LaunchChannel,
  now = new Date(),
): Promise<{ ok: true; message: string } | { ok: false; reason: string }> {
  const [coin] = await db.select({ salesOpenAt: products.salesOpenAt, status: products.status }).from(products).where(eq(products.id, productId)).limit(1);
  if (!coin || coin.status !== "active" || !isComing(coin.salesOpenAt, now)) return { ok: false, reason: subscriptionTexts.notComing };
  if (channel === "email" && !buyer.email) return { ok: false, reason: subscriptionTexts.noEmail };
  if (channel === "telegram" && !(await telegramLinkOf(db, buyer.id))) return { ok: false, reason: subscriptionTexts.noTelegram };
  await db.insert(launchSubscriptions).values({ productId, userId: buyer.id, channel }).onConflictDoNothing();
  return { ok: true, message: subscriptionTexts.subscribed(channel) };
}

/** Takes back the buyer's subscriptions to the coin's opening (every channel). */
export async function unsubscribeFromLaunch(db: Database, userId: number, productId: number): Promise<string> {
  await db
    .delete(launchSubscriptions)
    .where(and(eq(launchSubscriptions.userId, userId), eq(launchSubscriptions.productId, productId), isNull(launchSubscriptions.notifiedAt)));
  return subscriptionTexts.unsubscribed;
}

/** The channels by which the buyer waits for this coin's opening. */
export async function launchSubscriptionsOf(db: Database, userId: number, productId: number): Promise<LaunchChannel[]> {
  const rows = await db
    .select({ channel: launchSubscriptions.channel })
    .from(launchSubscriptions)
    .where(and(eq(launchSubscriptions.userId, userId), eq(launchSubscriptions.productId, productId), isNull(launchSubscriptions.notifiedAt)))
    .orderBy(asc(launchSubscriptions.channel));
  return rows.map((row) => row.channel);
}

/** Subscribers told per transaction: a short transaction, and the outbox's sender paces the gateways. */
export const LAUNCH_BATCH = 200;

/**
 * Writes the messages of every subscription whose coin's sales have opened by `now`, a batch per
 * transaction: the rows are taken FOR UPDATE SKIP LOCKED and marked told with their messages, so
 * two rounds (or instances) never tell one subscriber twice. Returns how many were told.
 */
export async function notifyLaunchSubscribers(
  db: Database,
  now = new Date(),
  batch = LAUNCH_BATCH,
  settings: OutboxSettings = outboxSettings(),
): Promise<number> {
  let told = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: launchSubscriptions.id,
          channel: launchSubscriptions.channel,
          name: users.name,
          phone: users.phone,
          email: users.email,
          coinName: products.name,
          slug: products.slug,
          buyerCap: products.buyerCap,
        })
        .from(launchSubscriptions)
        .innerJoin(products, eq(products.id, launchSubscriptions.productId))
        .innerJoin(users, eq(users.id, launchSubscriptions.userId))
        .where(and(isNull(launchSubscriptions.notifiedAt), lte(products.salesOpenAt, now)))
        .orderBy(asc(launchSubscriptions.id))
        .limit(batch)
        .for("update", { of: launchSubscriptions, skipLocked: true });
      for (const row of due) {
        await recordNotifications(
          tx,
          {
            kind: "launch_opened",
            launch: {
              id: row.id,
              channel: row.channel,
              buyer: { name: row.name, phone: row.phone, email: row.email },
              coin: { name: row.coinName, slug: row.slug },
              buyerCap: row.buyerCap,
            },
          },
          settings,
          now,
        );
      }
      if (due.length > 0)
        await tx
          .update(launchSubscriptions)
          .set({ notifiedAt: now })
          .where(
            sql`${launchSubscriptions.id} in (${sql.join(
              due.map((row) => sql`${row.id}`),
              sql`, `,
            )})`,
          );
      return due.length;
    });
    told += count;
    if (count < batch) break;
  }
  if (told > 0) log.info("launch subscribers told", { count: told });
  return told;
}

/** How often the watch looks for coins whose sales opened: the subscribers hear within this. */
export const LAUNCH_CHECK_MS = 15_000;

let watch: LeaderLoop | undefined;
let wake: NodeJS.Timeout | undefined;
let stopListening: (() => void) | undefined;

/** The next opening moment after `now`, if any coin is announced. */
async function nextOpening(db: Database, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${products.salesOpenAt})` })
    .from(products)
    .where(gt(products.salesOpenAt, now));
  return row?.at ? new Date(row.at) : undefined;
}

/**
 * The cluster's one launch watch (started with the server): a round every LAUNCH_CHECK_MS, and
 * one at the next opening moment when it comes sooner, so subscribers hear right at the opening.
 */
export function startLaunchWatch(handle: DatabaseHandle, options: { serveOpened?: (now: Date) => Promise<unknown> } = {}): LeaderLoop {
  watch ??= startLeaderLoop({
    handle,
    lockKey: lockKeys.launchWatch,
    name: "launch watch",
    intervalMs: LAUNCH_CHECK_MS,
    round: async () => {
      const now = new Date();
      // Pre-orders (decision 062, a higher layer passes the step in) are served before the subscribers hear of the opening.
      await options.serveOpened?.(now);
      await notifyLaunchSubscribers(handle.db, now);
      const next = await nextOpening(handle.db, now);
      clearTimeout(wake);
      if (next && next.getTime() - now.getTime() < LAUNCH_CHECK_MS) {
        wake = setTimeout(() => void watch?.runNow(), next.getTime() - now.getTime() + 20);
        wake.unref();
      }
    },
  });
  // An announcement made here or on another instance (NOTIFY) may bring the next moment nearer.
  stopListening ??= onReadsChanged("catalog", () => void watch?.runNow());
  return watch;
}

export async function stopLaunchWatch(): Promise<void> {
  const running = watch;
  watch = undefined;
  clearTimeout(wake);
  stopListening?.();
  stopListening = undefined;
  await running?.stop();
}
