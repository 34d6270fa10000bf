import { gte, lt, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

const MOSCOW_OFFSET = "+03:00";
const DAY_MS = 86_400_000;

/** A date filter's days ("YYYY-MM-DD", Moscow days, inclusive) as conditions on a timestamp column. */
export function withinMoscowDays(column: PgColumn, from: string | undefined, to: string | undefined): Array<SQL | undefined> {
  return [
    from ? gte(column, new Date(`${from}T00:00:00${MOSCOW_OFFSET}`)) : undefined,
    // "to" is a whole Moscow day, so up to the next midnight.
    to ? lt(column, new Date(new Date(`${to}T00:00:00${MOSCOW_OFFSET}`).getTime() + DAY_MS)) : undefined,
  ];
}

/** One page of a list: its rows, how many were found, and how many pages they make. */
export function pageOf<Row>(rows: Row[], total: number | undefined, page: number, pageSize: number) {
  const found = total ?? 0;
  return { rows, total: found, page, pageCount: Math.max(1, Math.ceil(found / pageSize)) };
}

/** A select that can still be put in order and cut to a page. */
type PagedSelect<Row> = { orderBy(...order: SQL[]): { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } } };

/**
 * One page of a list from its two queries, run together: how many match, and the rows, put in
 * `order` and cut to the page.
 */
export async function listPage<Row>(counted: PromiseLike<Array<{ count: number }>>, rows: PagedSelect<Row>, order: SQL[], page: number, pageSize: number) {
  const [[total], found] = await Promise.all([
    counted,
    rows
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return pageOf(found, total?.count, page, pageSize);
}
