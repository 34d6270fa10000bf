import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { data } from "react-router";
import type { Database } from "../db/client.server.ts";
import { buybackRequests, orders, users } from "../db/schema.ts";
import { buybackQuoteNumber } from "../buyback/statuses.ts";
import { buybackRowTotal } from "./buyback-page.server.ts";
import { CUSTOMERS_PAGE_SIZE, type CustomerFilters } from "./customer-filters.ts";
import { listPage } from "../shared/list-query.server.ts";
import { searchTerms } from "../shared/search-terms.ts";

/** At most this many of a customer's orders and buy-back requests are listed on their page, newest first. */
const CUSTOMER_HISTORY_LIMIT = 100;

function customerCondition(q: string): SQL | undefined {
  const terms = searchTerms(q);
  return or(
    terms.phone ? eq(users.phone, terms.phone) : undefined,
    terms.phoneContains ? ilike(users.phone, terms.phoneContains) : undefined,
    ilike(users.lastName, terms.startsWith),
    ilike(users.name, terms.startsWith),
    // "Иванов Иван" as typed together.
    ilike(sql`${users.lastName} || ' ' || ${users.name}`, terms.startsWith),
    ilike(users.email, terms.startsWith),
  );
}

/** The back office's customers: buyers who signed in, found by phone in any format, surname, name or e-mail; 50 a page. */
export async function searchCustomers(db: Database, filters: CustomerFilters) {
  const where = filters.q ? customerCondition(filters.q) : undefined;
  const orderCount = db.$with("order_count").as(
    db
      .select({ userId: orders.userId, count: count().as("count") })
      .from(orders)
      .groupBy(orders.userId),
  );
  return listPage(
    db.select({ count: count() }).from(users).where(where),
    db
      .with(orderCount)
      .select({
        id: users.id,
        phone: users.phone,
        name: users.name,
        lastName: users.lastName,
        email: users.email,
        createdAt: users.createdAt,
        orders: sql<number>`coalesce(${orderCount.count}, 0)::int`,
      })
      .from(users)
      .leftJoin(orderCount, eq(orderCount.userId, users.id))
      .where(where),
    [desc(users.createdAt), desc(users.id)],
    filters.page,
    CUSTOMERS_PAGE_SIZE,
  );
}

function customerId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw data("Покупатель не найден", { status: 404 });
  return id;
}

/** A customer's page: the profile, their orders, and the buy-back requests sent from their phone. */
export async function loadCustomer(db: Database, param: string | undefined) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.id, customerId(param)))
    .limit(1);
  if (!user) throw data("Покупатель не найден", { status: 404 });
  const [orderRows, [orderTotals], buyback] = await Promise.all([
    db
      .select({ number: orders.number, status: orders.status, createdAt: orders.createdAt, total: orders.total, city: orders.city })
      .from(orders)
      .where(eq(orders.userId, user.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(CUSTOMER_HISTORY_LIMIT),
    db
      .select({ count: count(), roubles: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.status} <> 'cancelled'), 0)::bigint` })
      .from(orders)
      .where(eq(orders.userId, user.id)),
    db
      .select({
        id: buybackRequests.id,
        status: buybackRequests.status,
        createdAt: buybackRequests.createdAt,
        coinName: buybackRequests.coinName,
        items: buybackRequests.items,
        grade: buybackRequests.grade,
        quantity: buybackRequests.quantity,
        agreedPrice: buybackRequests.agreedPrice,
        offeredPrice: buybackRequests.offeredPrice,
        unitPrice: buybackRequests.unitPrice,
      })
      .from(buybackRequests)
      .where(and(eq(buybackRequests.phone, user.phone)))
      .orderBy(desc(buybackRequests.createdAt), desc(buybackRequests.id))
      .limit(CUSTOMER_HISTORY_LIMIT),
  ]);
  const { buyProfile: _profile, ...profile } = user;
  return {
    customer: profile,
    orders: orderRows,
    orderCount: orderTotals?.count ?? 0,
    orderRoubles: Number(orderTotals?.roubles ?? 0),
    buyback: buyback.map((row) => ({ ...row, quoteNumber: buybackQuoteNumber(row.id), total: buybackRowTotal(row) })),
  };
}
