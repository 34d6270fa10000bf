import { and, asc, eq, inArray, lt, lte, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { notifications, orders } from "../db/schema.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { log } from "../shared/log.server.ts";
import { type Channels, DeliveryError } from "./channels.server.ts";
import type { NotificationChannel } from "./events.ts";

export type SenderSettings = {
  /** Tries before a message is marked failed. */
  maxAttempts: number;
  /** A message taken this long ago and still not marked is taken again (its sender died). */
  leaseMs: number;
  /** Messages taken per round. */
  batchSize: number;
};

/** The wait before try n+1 after n failed tries: 30 s, 1, 2, 4 … minutes, at most an hour. */
export function backoffMs(failedTries: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failedTries - 1), 60 * 60_000);
}

/** Buyer messages that tell an unpaid online order to be paid by its deadline. */
const PAYMENT_REMINDER_EVENTS = ["order_placed", "payment_failed"];
export const OUTDATED_REMINDER_REASON = "заказ уже не ждёт оплаты";

/**
 * Of the messages about to be sent, marks 'skipped' the buyer's "pay by …" messages whose online
 * order no longer awaits payment (paid or cancelled before the sender's round): a quick payer
 * would get "pay by 14:23, else it is cancelled" in the same second as "paid". The ids skipped.
 */
async function skipOutdatedPaymentReminders(db: Database, ids: number[]): Promise<Set<number>> {
  const outdated = await db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(orders, eq(orders.id, notifications.orderId))
    .where(
      and(
        inArray(notifications.id, ids),
        eq(notifications.audience, "buyer"),
        inArray(notifications.event, PAYMENT_REMINDER_EVENTS),
        eq(orders.paymentId, PAYMENT_IDS.online),
        notInArray(orders.status, ["new", "awaiting_payment", "on_review"]),
      ),
    );
  if (outdated.length === 0) return new Set();
  await db
    .update(notifications)
    .set({ status: "skipped", lastError: OUTDATED_REMINDER_REASON })
    .where(
      inArray(
        notifications.id,
        outdated.map((row) => row.id),
      ),
    );
  log.info("payment reminders not sent: the order no longer awaits payment", { count: outdated.length });
  return new Set(outdated.map((row) => row.id));
}

export type RoundResult = { sent: number; retried: number; failed: number; reclaimed: number };

/**
 * One round of delivery: messages whose sender died are put back, then a batch of due
 * messages is taken (marked 'sending' and committed, so no other sender takes them), each is
 * handed to its channel and marked 'sent', or put back with a backoff, or marked 'failed'
 * after the last try or a permanent refusal. A crash between 'taken' and 'sent' leaves the
 * message to be taken again after the lease, with the same idempotency key.
 */
export async function deliverDueNotifications(db: Database, channels: Channels, settings: SenderSettings, now = new Date()): Promise<RoundResult> {
  const reclaimed = await db
    .update(notifications)
    .set({ status: "pending", nextAttemptAt: now })
    .where(and(eq(notifications.status, "sending"), lt(notifications.takenAt, new Date(now.getTime() - settings.leaseMs))))
    .returning({ id: notifications.id });
  if (reclaimed.length > 0) log.warn("notifications taken by a sender that did not finish are sent again", { count: reclaimed.length });

  const taken = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.status, "pending"), lte(notifications.nextAttemptAt, now)))
      .orderBy(asc(notifications.id))
      .limit(settings.batchSize)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const outdated = await skipOutdatedPaymentReminders(
      tx,
      due.map((row) => row.id),
    );
    const live = due.filter((row) => !outdated.has(row.id));
    if (live.length === 0) return [];
    return tx
      .update(notifications)
      .set({ status: "sending", takenAt: now, attempts: sql`${notifications.attempts} + 1` })
      .where(
        inArray(
          notifications.id,
          live.map((row) => row.id),
        ),
      )
      .returning();
  });

  const result: RoundResult = { sent: 0, retried: 0, failed: 0, reclaimed: reclaimed.length };
  for (const message of taken.sort((a, b) => a.id - b.id)) {
    const send = channels[message.channel as NotificationChannel];
    try {
      if (!send) throw new DeliveryError(`канал ${message.channel} не настроен`, false);
      await send({ key: message.key, recipient: message.recipient, subject: message.subject, text: message.text, html: message.html });
      await db.update(notifications).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(notifications.id, message.id));
      result.sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryable = !(error instanceof DeliveryError) || error.retryable;
      // A wait the service named (Telegram's retry_after) is kept to exactly; otherwise the backoff.
      const waitMs = (error instanceof DeliveryError ? error.retryAfterMs : undefined) ?? backoffMs(message.attempts);
      if (retryable && message.attempts < settings.maxAttempts) {
        await db
          .update(notifications)
          .set({ status: "pending", nextAttemptAt: new Date(now.getTime() + waitMs), lastError: reason })
          .where(eq(notifications.id, message.id));
        result.retried++;
        log.warn("notification not delivered; will try again", { id: message.id, channel: message.channel, attempt: message.attempts, reason });
      } else {
        await db.update(notifications).set({ status: "failed", lastError: reason }).where(eq(notifications.id, message.id));
        result.failed++;
        log.error("notification failed", { id: message.id, event: message.event, channel: message.channel, attempts: message.attempts, reason });
      }
    }
  }
  return result;
}
