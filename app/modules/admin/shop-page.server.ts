import { count, desc, eq } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getConfig } from "../config/config.server.ts";
import { notifications, notificationStatuses } from "../db/schema.ts";
import { flashHeader, type Flash } from "../flash/flash.server.ts";
import { lastHousekeepingRun } from "../housekeeping/housekeeping.server.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { readRefreshLog } from "../quotes/refresh-log.server.ts";
import { databaseContext } from "../request/context.ts";
import { readForm } from "../forms/read-form.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { isShopOpen, readSalesSetting, SALES_NOTE_MAX, setSalesPaused } from "../shop/status.server.ts";
import { writeAudit } from "../audit/audit.server.ts";
import { staffActorContext } from "../staff/context.ts";

export const SALES_PATH = "/admin/shop/sales";
export const SHOP_PATH = "/admin/shop";

/** The pause and resume buttons (owner and manager): one schema, Russian messages. */
export const salesFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("pause"),
      reason: z
        .string({ error: "Напишите, почему продажи приостановлены: это увидят покупатели" })
        .trim()
        .min(3, "Напишите, почему продажи приостановлены: это увидят покупатели")
        .max(SALES_NOTE_MAX, `Причина: не больше ${SALES_NOTE_MAX} символов`),
    }),
    z.object({ intent: z.literal("resume") }),
  ],
  { error: "Неизвестное действие" },
);

/** The owner's shop page's own button. */
export const shopFormSchema = z.object({ intent: z.literal("refresh-quotes", { error: "Неизвестное действие" }) });

async function back(to: string, notice: Flash) {
  return redirect(to, { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
}

/** Whether sales are open, and the reason buyers are shown while they are paused. */
export async function loadSales(context: Readonly<RouterContextProvider>) {
  const { db } = context.get(databaseContext);
  const [sales, quotes] = await Promise.all([readSalesSetting(db), getQuotesService()]);
  return {
    paused: sales.paused,
    note: sales.note ?? null,
    changedAt: sales.changedAt || null,
    open: isShopOpen({ paused: sales.paused, quotesFresh: quotes.isFresh() }),
    noteMax: SALES_NOTE_MAX,
  };
}

/** POST /admin/shop/sales: pause with a reason, or resume; audited in the change's transaction. `back` is where the form was. */
export async function handleSalesForm(request: Request, context: Readonly<RouterContextProvider>) {
  const parsed = readForm(await readFormBody(request), salesFormSchema);
  const from = parsed.payload.from === SHOP_PATH ? SHOP_PATH : SALES_PATH;
  if (!parsed.ok) return back(from, { kind: "error", message: parsed.reason });
  const db = context.get(databaseContext).db;
  const actor = context.get(staffActorContext);
  if (parsed.value.intent === "pause") {
    await setSalesPaused(db, true, parsed.value.reason, actor);
    return back(from, { kind: "success", message: `Продажи приостановлены. Покупатели видят: «${parsed.value.reason}».` });
  }
  await setSalesPaused(db, false, undefined, actor);
  return back(from, { kind: "success", message: "Продажи возобновлены." });
}

const minutesSince = (time: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - time.getTime()) / 60_000));

/** GET /admin/shop: sales, the quotes' source and age with their errors, housekeeping, the outbox. */
export async function loadShopPage(context: Readonly<RouterContextProvider>, now = new Date()) {
  const { db } = context.get(databaseContext);
  const config = getConfig();
  const quotesService = await getQuotesService();
  const snapshot = quotesService.current();
  const [sales, refreshLog, housekeeping, byStatus, failed] = await Promise.all([
    loadSales(context),
    readRefreshLog(db),
    lastHousekeepingRun(db),
    db.select({ status: notifications.status, count: count() }).from(notifications).groupBy(notifications.status),
    db
      .select({
        id: notifications.id,
        createdAt: notifications.createdAt,
        event: notifications.event,
        channel: notifications.channel,
        recipient: notifications.recipient,
        attempts: notifications.attempts,
        lastError: notifications.lastError,
        orderId: notifications.orderId,
      })
      .from(notifications)
      .where(eq(notifications.status, "failed"))
      .orderBy(desc(notifications.id))
      .limit(50),
  ]);
  const counts = Object.fromEntries(notificationStatuses.map((status) => [status, byStatus.find((row) => row.status === status)?.count ?? 0])) as Record<
    (typeof notificationStatuses)[number],
    number
  >;
  return {
    sales,
    quotes: {
      provider: config.quotes.provider,
      source: snapshot?.source.label ?? null,
      time: snapshot?.time.toISOString() ?? null,
      ageMinutes: snapshot ? minutesSince(snapshot.time, now) : null,
      fresh: quotesService.isFresh(now),
      maxAgeMinutes: config.quotes.maxAgeMinutes,
      refreshMinutes: Math.round(config.quotes.refreshIntervalMs / 60_000),
      log: refreshLog?.provider === snapshot?.source.id || !snapshot ? refreshLog : null,
    },
    housekeeping,
    outbox: { counts, failed },
  };
}

/** POST /admin/shop: 'Обновить котировки' — the refresher's own fetch under its lock, audited with the readings it stores. */
export async function handleShopForm(request: Request, context: Readonly<RouterContextProvider>) {
  const parsed = readForm(await readFormBody(request), shopFormSchema);
  if (!parsed.ok) return back(SHOP_PATH, { kind: "error", message: parsed.reason });
  const { db } = context.get(databaseContext);
  const actor = context.get(staffActorContext);
  const service = await getQuotesService();
  const provider = getConfig().quotes.provider;
  const result = await service.refreshNow((tx) =>
    writeAudit(tx, actor, { action: "quotes.refresh", entity: `quotes:${provider}`, before: null, after: { ok: true } }),
  );
  if (!result.ok) {
    await writeAudit(db, actor, {
      action: "quotes.refresh",
      entity: `quotes:${provider}`,
      before: null,
      after: { ok: false, error: result.reason.slice(0, 300) },
    });
    return back(SHOP_PATH, { kind: "error", message: `Котировки не обновились: ${result.reason}. На сайте остаются прежние.` });
  }
  const snapshot = service.current();
  return back(SHOP_PATH, { kind: "success", message: `Котировки обновлены${snapshot ? ` (${snapshot.source.label})` : ""}.` });
}
