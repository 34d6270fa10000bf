import { z } from "zod";
import { orderStatuses } from "../db/schema.ts";

export const ORDERS_PAGE_SIZE = 50;

const date = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Дата в формате ГГГГ-ММ-ДД")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Нет такой даты");

/** The orders list's filters, read from the address (a GET form): status, dates (Moscow days, inclusive), search, page. */
export const orderFiltersSchema = z.object({
  status: z.enum(orderStatuses, { error: "Неизвестный статус" }).optional(),
  from: date.optional(),
  to: date.optional(),
  q: z.string().trim().max(100, "Не больше 100 символов").optional(),
  page: z.coerce.number({ error: "Номер страницы — число" }).int().min(1).max(100_000).default(1),
});

export type OrderFilters = z.infer<typeof orderFiltersSchema>;

/** Empty fields of a GET form mean "no filter". */
export function parseOrderFilters(params: URLSearchParams): { filters: OrderFilters; errors: string[] } {
  const raw = Object.fromEntries([...params].filter(([, value]) => value.trim() !== ""));
  const parsed = orderFiltersSchema.safeParse(raw);
  if (parsed.success) return { filters: parsed.data, errors: [] };
  return { filters: { page: 1 }, errors: parsed.error.issues.map((issue) => issue.message) };
}

/** The address of a page of the list with the same filters. */
export function orderListHref(filters: OrderFilters, page: number): string {
  const params = new URLSearchParams();
  for (const key of ["status", "from", "to", "q"] as const) if (filters[key]) params.set(key, filters[key]!);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/orders?${query}` : "/admin/orders";
}
