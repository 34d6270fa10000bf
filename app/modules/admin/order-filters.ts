import { z } from "zod";
import { orderStatuses } from "../db/schema.ts";
import { dateFilter } from "../forms/fields.ts";
import { adminListHref, filledFields } from "../shared/list-href.ts";

export const ORDERS_PAGE_SIZE = 50;

/** The orders list's filters, read from the address (a GET form): status, dates (Moscow days, inclusive), search, page. */
export const orderFiltersSchema = z.object({
  status: z.enum(orderStatuses, { error: "Неизвестный статус" }).optional(),
  from: dateFilter.optional(),
  to: dateFilter.optional(),
  q: z.string().trim().max(100, "Не больше 100 символов").optional(),
  page: z.coerce.number({ error: "Номер страницы — число" }).int().min(1).max(100_000).default(1),
});

export type OrderFilters = z.infer<typeof orderFiltersSchema>;

export function parseOrderFilters(params: URLSearchParams): { filters: OrderFilters; errors: string[] } {
  const parsed = orderFiltersSchema.safeParse(filledFields(params));
  if (parsed.success) return { filters: parsed.data, errors: [] };
  return { filters: { page: 1 }, errors: parsed.error.issues.map((issue) => issue.message) };
}

/** The address of a page of the list with the same filters. */
export function orderListHref(filters: OrderFilters, page: number): string {
  return adminListHref("/admin/orders", filters, page);
}
