import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { orders, users } from "../db/schema.ts";
import { ORDERS_PAGE_SIZE, type OrderFilters } from "./order-filters.ts";
import { listPage, withinMoscowDays } from "../shared/list-query.server.ts";
import { searchTerms } from "../shared/search-terms.ts";
import { refundedAmountSql } from "../orders/refunded.server.ts";
import { uncollectedOrderIds } from "../pickup/pickup.server.ts";

function searchCondition(q: string): SQL | undefined {
  const terms = searchTerms(q);
  const conditions: Array<SQL | undefined> = [ilike(orders.number, terms.contains), ilike(sql`${orders.contact}->>'lastName'`, terms.startsWith)];
  if (terms.phone) conditions.push(eq(users.phone, terms.phone), sql`${orders.contact}->>'phone' = ${terms.phone}`);
  return or(...conditions);
}

/** The back office's orders list: newest first, 50 a page, with the filters of the list's form. */
export async function searchOrders(db: Database, filters: OrderFilters) {
  const where = and(
    filters.status ? eq(orders.status, filters.status) : undefined,
    ...withinMoscowDays(orders.createdAt, filters.from, filters.to),
    filters.q ? searchCondition(filters.q) : undefined,
  );
  const page = await listPage(
    db.select({ count: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        createdAt: orders.createdAt,
        total: orders.total,
        refunded: refundedAmountSql,
        paymentId: orders.paymentId,
        contact: orders.contact,
        city: orders.city,
        phone: users.phone,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where),
    [desc(orders.createdAt), desc(orders.id)],
    filters.page,
    ORDERS_PAGE_SIZE,
  );
  const uncollected = await uncollectedOrderIds(
    db,
    page.rows.map((row) => row.id),
  );
  return { ...page, rows: page.rows.map(({ id, ...row }) => ({ ...row, uncollected: uncollected.has(id) })) };
}
