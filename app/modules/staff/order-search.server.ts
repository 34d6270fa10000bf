import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { orders, users } from "../db/schema.ts";
import { normalizePhone } from "../phone/phone.ts";
import { ORDERS_PAGE_SIZE, type OrderFilters } from "./order-filters.ts";

const MOSCOW_OFFSET = "+03:00";

/** A typed fragment as a LIKE pattern that matches it literally. */
const literal = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

function searchCondition(q: string): SQL | undefined {
  const phone = normalizePhone(q);
  const conditions: Array<SQL | undefined> = [
    ilike(orders.number, `%${literal(q)}%`),
    ilike(sql`${orders.contact}->>'lastName'`, `${literal(q)}%`),
  ];
  if (phone) conditions.push(eq(users.phone, phone), sql`${orders.contact}->>'phone' = ${phone}`);
  return or(...conditions);
}

/** The back office's orders list: newest first, 50 a page, with the filters of the list's form. */
export async function searchOrders(db: Database, filters: OrderFilters) {
  const where = and(
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.from ? gte(orders.createdAt, new Date(`${filters.from}T00:00:00${MOSCOW_OFFSET}`)) : undefined,
    // "to" is a whole Moscow day, so up to the next midnight.
    filters.to ? lt(orders.createdAt, new Date(new Date(`${filters.to}T00:00:00${MOSCOW_OFFSET}`).getTime() + 86_400_000)) : undefined,
    filters.q ? searchCondition(filters.q) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
    db
      .select({
        number: orders.number,
        status: orders.status,
        createdAt: orders.createdAt,
        total: orders.total,
        paymentId: orders.paymentId,
        contact: orders.contact,
        city: orders.city,
        phone: users.phone,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((filters.page - 1) * ORDERS_PAGE_SIZE),
  ]);
  const found = total?.count ?? 0;
  return { rows, total: found, page: filters.page, pageCount: Math.max(1, Math.ceil(found / ORDERS_PAGE_SIZE)) };
}
