import { and, asc, count, eq, gte, inArray, ne, sum } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { buybackRequests, orders, returnRequests } from "../db/schema.ts";
import { getConfig } from "../config/config.server.ts";
import { listNotifications } from "../notifications/outbox.server.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { readSalesSetting, isShopOpen } from "../shop/status.server.ts";
import { mayOpen } from "../staff/access.ts";
import { lowStockCoins } from "./low-stock.server.ts";
import { heldStock } from "../orders/holds.server.ts";
import type { StaffRole } from "../db/schema.ts";

/** Moscow has kept UTC+3 all year since 2014: the shop's day and week start at Moscow midnight. */
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** Moscow midnight of `now`'s day, and of the Monday of its week, as instants. */
export function shopDayAndWeekStart(now: Date): { day: Date; week: Date } {
  const local = new Date(now.getTime() + MOSCOW_OFFSET_MS);
  const dayStartLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  return { day: new Date(dayStartLocal - MOSCOW_OFFSET_MS), week: new Date(dayStartLocal - sinceMonday * 86_400_000 - MOSCOW_OFFSET_MS) };
}

type Totals = { count: number; roubles: number };

async function placedSince(db: Database, since: Date): Promise<Totals> {
  // Cancelled orders are not sales.
  const [row] = await db
    .select({ count: count(), roubles: sum(orders.total) })
    .from(orders)
    .where(and(gte(orders.createdAt, since), ne(orders.status, "cancelled")));
  return { count: row?.count ?? 0, roubles: Number(row?.roubles ?? 0) };
}

const brief = {
  number: orders.number,
  total: orders.total,
  status: orders.status,
  createdAt: orders.createdAt,
  paymentDueAt: orders.paymentDueAt,
  contact: orders.contact,
};

export type Dashboard = Awaited<ReturnType<typeof loadDashboard>>;

/** The back office's first page: what needs doing now, shown by what the role may open. */
export async function loadDashboard(db: Database, role: StaffRole, now = new Date()) {
  const quotesService = await getQuotesService();
  const snapshot = quotesService.current();
  const sales = await readSalesSetting(db);
  const shop = {
    open: isShopOpen({ paused: sales.paused, quotesFresh: quotesService.isFresh() }),
    paused: sales.paused,
    pauseNote: sales.note ?? null,
    changedAt: sales.changedAt,
    quotesFresh: quotesService.isFresh(),
    quotesSource: snapshot?.source.label ?? null,
    quotesTime: snapshot?.time.toISOString() ?? null,
    quotesAgeMinutes: snapshot ? Math.max(0, Math.floor((now.getTime() - snapshot.time.getTime()) / 60_000)) : null,
  };
  // What is running out: for those who sell (and the owner) and those who keep the catalogue.
  const lowStock = role === "compliance" ? null : await lowStockCoins(db, getConfig().orders.lowStockThreshold);
  if (!mayOpen("/admin/orders", role)) return { shop, lowStock, orders: null };

  const { day, week } = shopDayAndWeekStart(now);
  const [today, thisWeek, awaitingPayment, toAssemble, [buyback], failedNotifications, held, [returns]] = await Promise.all([
    placedSince(db, day),
    placedSince(db, week),
    db.select(brief).from(orders).where(eq(orders.status, "awaiting_payment")).orderBy(asc(orders.paymentDueAt)).limit(20),
    // Paid online, or to be paid on receipt: both wait for the coins to be put together.
    db
      .select(brief)
      .from(orders)
      .where(inArray(orders.status, ["paid", "new"]))
      .orderBy(asc(orders.createdAt))
      .limit(20),
    db.select({ count: count() }).from(buybackRequests).where(eq(buybackRequests.status, "new")),
    listNotifications(db, { failedOnly: true, limit: 10 }),
    // Coins held by orders nobody has paid or confirmed: a buyer hoarding stock shows here first.
    heldStock(db),
    // Returns waiting for an answer: the law gives the buyer's money 10 days once the coins are back.
    db.select({ count: count() }).from(returnRequests).where(eq(returnRequests.status, "new")),
  ]);
  return {
    shop,
    lowStock,
    orders: {
      today,
      thisWeek,
      awaitingPayment,
      toAssemble,
      newBuybackRequests: buyback?.count ?? 0,
      newReturnRequests: returns?.count ?? 0,
      heldStock: held,
      failedNotifications: failedNotifications.map((row) => ({
        id: row.id,
        createdAt: row.createdAt,
        event: row.event,
        channel: row.channel,
        recipient: row.recipient,
        lastError: row.lastError,
      })),
    },
  };
}
