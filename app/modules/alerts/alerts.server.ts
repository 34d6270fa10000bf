import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { productPrice } from "../catalog/products.server.ts";
import type { Database } from "../db/client.server.ts";
import { alerts, products, users } from "../db/schema.ts";
import { recordNotifications } from "../notifications/outbox.server.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { moscowDate } from "../quotes/calendar.ts";
import { formatMoney } from "../shared/format.ts";
import { log } from "../shared/log.server.ts";
import { alertMessages, alertMet, alertStep, MAX_ALERTS_PER_BUYER, type AlertChannel, type AlertInput, type AlertKind } from "./rules.ts";
import type { Outcome } from "../shared/failure.ts";

export type AlertView = {
  id: number;
  kind: AlertKind;
  threshold: number | null;
  channel: AlertChannel;
  product: { id: number; name: string; slug: string };
  createdAt: string;
  lastNotifiedAt: string | null;
};

const viewColumns = {
  id: alerts.id,
  kind: alerts.kind,
  threshold: alerts.threshold,
  channel: alerts.channel,
  createdAt: alerts.createdAt,
  lastNotifiedAt: alerts.lastNotifiedAt,
  productId: products.id,
  name: products.name,
  slug: products.slug,
};

type ViewRow = {
  id: number;
  kind: AlertKind;
  threshold: number | null;
  channel: AlertChannel;
  createdAt: Date;
  lastNotifiedAt: Date | null;
  productId: number;
  name: string;
  slug: string;
};

const toView = (row: ViewRow): AlertView => ({
  id: row.id,
  kind: row.kind,
  threshold: row.threshold,
  channel: row.channel,
  product: { id: row.productId, name: row.name, slug: row.slug },
  createdAt: row.createdAt.toISOString(),
  lastNotifiedAt: row.lastNotifiedAt?.toISOString() ?? null,
});

/** The buyer's alerts, newest first; with `productId`, only those on that coin. */
export async function listAlerts(db: Database, userId: number, productId?: number): Promise<AlertView[]> {
  const rows = await db
    .select(viewColumns)
    .from(alerts)
    .innerJoin(products, eq(products.id, alerts.productId))
    .where(and(eq(alerts.userId, userId), productId === undefined ? undefined : eq(alerts.productId, productId)))
    .orderBy(desc(alerts.createdAt), desc(alerts.id));
  return rows.map(toView);
}

export type SubscribeResult = Outcome<{ message: string }>;

/**
 * Subscribes the buyer to an alert on a coin, or changes the limit of the same alert. Refused
 * with a Russian message: a coin that is not on sale, a limit not below today's price, an
 * arrival alert on a coin in stock, e-mail without an address, more than the allowed number.
 */
export async function subscribe(
  db: Database,
  user: { id: number; email: string },
  productId: number,
  input: AlertInput,
  rates: MetalRates | null,
): Promise<SubscribeResult> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, "active")))
    .limit(1);
  if (!row) return { ok: false, reason: alertMessages.noProduct };
  if (input.channel === "email" && !user.email) return { ok: false, reason: alertMessages.noEmail };
  const price = productPrice(row, rates);
  if (input.kind === "price_below") {
    if (price === null) return { ok: false, reason: alertMessages.noPrice };
    if (input.threshold! >= price) return { ok: false, reason: alertMessages.thresholdNotBelow(formatMoney(price)) };
  } else if (row.stock > 0) {
    return { ok: false, reason: alertMessages.inStockAlready };
  }
  return db.transaction(async (tx) => {
    // One subscription at a time per buyer, so two quick posts cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const same = and(eq(alerts.userId, user.id), eq(alerts.productId, productId), eq(alerts.kind, input.kind), eq(alerts.channel, input.channel));
    const [existing] = await tx.select({ id: alerts.id }).from(alerts).where(same).limit(1);
    if (existing) {
      await tx.update(alerts).set({ threshold: input.threshold, armed: true }).where(eq(alerts.id, existing.id));
    } else {
      const [held] = await tx.select({ n: count() }).from(alerts).where(eq(alerts.userId, user.id));
      if ((held?.n ?? 0) >= MAX_ALERTS_PER_BUYER) return { ok: false as const, reason: alertMessages.tooMany };
      await tx.insert(alerts).values({
        userId: user.id,
        productId,
        kind: input.kind,
        threshold: input.threshold,
        channel: input.channel,
        token: randomBytes(24).toString("base64url"),
      });
    }
    const how = input.channel === "sms" ? "по SMS" : "на e-mail";
    return {
      ok: true as const,
      message:
        input.kind === "price_below"
          ? `Сообщим ${how}, когда «${row.name}» будет дешевле ${formatMoney(input.threshold!)}.`
          : `Сообщим ${how}, когда «${row.name}» появится в наличии.`,
    };
  });
}

/** Removes one of the buyer's alerts; false when it is not theirs or already gone. */
export async function removeAlert(db: Database, userId: number, alertId: number): Promise<boolean> {
  const removed = await db
    .delete(alerts)
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  return removed.length > 0;
}

const tokenPattern = /^[A-Za-z0-9_-]{20,64}$/;

/** The alert an unsubscribe link names, or undefined (also for a malformed token). */
export async function findAlertByToken(db: Database, token: string): Promise<AlertView | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  const [row] = await db.select(viewColumns).from(alerts).innerJoin(products, eq(products.id, alerts.productId)).where(eq(alerts.token, token)).limit(1);
  return row ? toView(row) : undefined;
}

export async function removeAlertByToken(db: Database, token: string): Promise<boolean> {
  if (!tokenPattern.test(token)) return false;
  const removed = await db.delete(alerts).where(eq(alerts.token, token)).returning({ id: alerts.id });
  return removed.length > 0;
}

/**
 * One round of the alert watch: every alert whose condition came true gets its message in the
 * outbox (in the transaction that disarms it, so it is written once), and alerts whose
 * condition went away are armed again. Returns how many messages were written.
 */
export async function checkAlerts(db: Database, rates: MetalRates | null, now = new Date()): Promise<number> {
  const today = moscowDate(now);
  const rows = await db
    .select({ alert: alerts, product: products, user: { name: users.name, phone: users.phone, email: users.email } })
    .from(alerts)
    .innerJoin(products, eq(products.id, alerts.productId))
    .innerJoin(users, eq(users.id, alerts.userId))
    .orderBy(asc(alerts.id));
  let sent = 0;
  for (const { alert, product, user } of rows) {
    const price = productPrice(product, rates);
    const met = alertMet(alert, { price, stock: product.stock, active: product.status === "active" });
    const step = alertStep({ armed: alert.armed, lastNotifiedDay: alert.lastNotifiedAt ? moscowDate(alert.lastNotifiedAt) : null }, met, today);
    if (step === "rearm") {
      await db
        .update(alerts)
        .set({ armed: true })
        .where(and(eq(alerts.id, alert.id), eq(alerts.armed, false)));
    } else if (step === "notify") {
      const wrote = await db.transaction(async (tx) => {
        // Only the round that disarms it writes the message (two instances, two rounds: one message).
        const [taken] = await tx
          .update(alerts)
          .set({ armed: false, lastNotifiedAt: now })
          .where(and(eq(alerts.id, alert.id), eq(alerts.armed, true), sql`(${alerts.lastNotifiedAt} is null or ${alerts.lastNotifiedAt} < ${now})`))
          .returning({ id: alerts.id });
        if (!taken) return false;
        await recordNotifications(
          tx,
          {
            kind: alert.kind === "price_below" ? "alert_price_below" : "alert_in_stock",
            alert: {
              id: alert.id,
              channel: alert.channel,
              buyer: { name: user.name, phone: user.phone, email: user.email },
              coin: { name: product.name, slug: product.slug },
              price: price!,
              ...(alert.threshold !== null ? { threshold: alert.threshold } : {}),
              day: today,
              token: alert.token,
            },
          },
          undefined,
          now,
        );
        return true;
      });
      if (wrote) sent++;
    }
  }
  if (sent > 0) log.info("alerts: messages written", { count: sent });
  return sent;
}
